// One sample of the service under soak: resident memory and open file descriptors from /proc
// (readable even if the service stopped answering), heap, active handles and event-loop delay
// from its debug listener's /debug/vars, the size of a Prometheus scrape, CPU from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { ProcessVars } from '../../apps/ratelimit/src/debug/process-vars';
import { processCpuMicros } from './process-cpu';
import type { SoakCounts } from './soak-load';

export interface SoakSample {
  /** Since the load started. */
  readonly seconds: number;
  readonly rssMiB: number;
  readonly heapUsedMiB: number;
  readonly heapTotalMiB: number;
  readonly externalMiB: number;
  /** Active handles and requests keeping the loop alive (sockets, servers, timers, ...). */
  readonly handles: number;
  readonly sockets: number;
  readonly timers: number;
  /** Open file descriptors (every socket, file and watcher, referenced or not). */
  readonly fds: number;
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly metricLines: number;
  readonly callsPerSecond: number;
  readonly cpuPercent: number;
  /** Failed calls so far (every kind). */
  readonly errors: number;
}

export interface SamplerTarget {
  readonly pid: number;
  readonly debugUrl: string;
  readonly metricsUrl: string;
  readonly counts: SoakCounts;
}

const MIB = 1024 * 1024;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024);
}

/** Returns a function taking the next sample; the first call starts the clocks. */
export async function createSampler(target: SamplerTarget): Promise<() => Promise<SoakSample>> {
  await readVars(target.debugUrl); // starts the event-loop delay measurement
  const startedMs = performance.now();
  let last = { ms: startedMs, cpuMicros: processCpuMicros(target.pid), calls: target.counts.calls };
  return async () => {
    const vars = await readVars(target.debugUrl);
    const metricLines = (await (await fetch(target.metricsUrl)).text()).split('\n').length;
    const now = {
      ms: performance.now(),
      cpuMicros: processCpuMicros(target.pid),
      calls: target.counts.calls,
    };
    const elapsedSeconds = (now.ms - last.ms) / 1000;
    const byType = vars.activeResources.byType;
    const sample: SoakSample = {
      seconds: round((now.ms - startedMs) / 1000),
      rssMiB: rssMiB(target.pid),
      heapUsedMiB: round(vars.memory.heapUsed / MIB),
      heapTotalMiB: round(vars.memory.heapTotal / MIB),
      externalMiB: round(vars.memory.external / MIB),
      handles: vars.activeResources.total,
      sockets: byType.TCPSocketWrap ?? 0,
      timers: byType.Timeout ?? 0,
      fds: readdirSync(`/proc/${target.pid}/fd`).length,
      loopDelayP99Ms: vars.eventLoopDelay?.p99Ms ?? 0,
      loopDelayMaxMs: vars.eventLoopDelay?.maxMs ?? 0,
      metricLines,
      callsPerSecond: Math.round((now.calls - last.calls) / elapsedSeconds),
      cpuPercent: round((now.cpuMicros - last.cpuMicros) / 1e4 / elapsedSeconds),
      errors: Object.values(target.counts.errors).reduce((sum, count) => sum + count, 0),
    };
    last = now;
    return sample;
  };
}

async function readVars(debugUrl: string): Promise<ProcessVars> {
  const response = await fetch(`${debugUrl}/debug/vars`, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`/debug/vars answered ${response.status}`);
  return (await response.json()) as ProcessVars;
}
