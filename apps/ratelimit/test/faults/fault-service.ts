// The built service as a child process for fault tests (a crash must be observable), with its
// debug listener (/stats), its memory read from /proc, and the figures the suite reports.
import { readFileSync } from 'node:fs';
import type { TestContext } from 'node:test';
import { freePort } from '@repo/test-support';
import { createFaultClient, type FaultClient } from '../../load/fault-client';
import { startServiceProcess, waitUntilHealthy, type ServiceProcess } from '../../load/start-service-process';

export interface FaultService extends ServiceProcess {
  readonly debugPort: number;
  readonly pid: number;
  readonly grpc: FaultClient;
  readonly httpUrl: string;
  /** True while the process runs (no crash). */
  isAlive(): boolean;
  /** GET /healthcheck status (0 when nothing answers). */
  health(): Promise<number>;
  /** Every counter and gauge of the debug listener's /stats. */
  stats(): Promise<Map<string, number>>;
  /** The exit code (or signal), or 'still running' once `ms` have passed (the test stays bounded). */
  exitWithin(ms: number): Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; closes the client. */
  stop(graceMs?: number): Promise<void>;
}

/** Quiet, loopback, stats kept in process only; `env` overrides. */
export async function startFaultService(env: Readonly<Record<string, string>>): Promise<FaultService> {
  const debugPort = await freePort();
  const service = await startServiceProcess({
    LOG_LEVEL: 'error',
    EXPIRATION_JITTER_MAX_SECONDS: '0',
    DEBUG_PORT: String(debugPort),
    ...env,
  });
  try {
    await waitUntilHealthy(service, 30_000);
  } catch (error) {
    service.kill();
    throw error;
  }
  const grpc = createFaultClient(`127.0.0.1:${service.grpcPort}`);
  const httpUrl = `http://127.0.0.1:${service.httpPort}`;
  const isAlive = () => service.child.exitCode === null && service.child.signalCode === null;
  return {
    ...service,
    debugPort,
    pid: service.child.pid ?? 0,
    grpc,
    httpUrl,
    isAlive,
    health: () =>
      fetch(`${httpUrl}/healthcheck`, { signal: AbortSignal.timeout(5000) }).then(
        (response) => response.status,
        () => 0,
      ),
    exitWithin: (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => (timer = setTimeout(resolve, ms, 'still running')));
      return Promise.race([service.exited, late]).finally(() => clearTimeout(timer));
    },
    stats: async () => parseStats(await (await fetch(`http://127.0.0.1:${debugPort}/stats`)).text()),
    stop: async (graceMs = 10_000) => {
      grpc.close();
      if (!isAlive()) return;
      service.child.kill('SIGTERM');
      const timer = setTimeout(() => service.kill(), graceMs);
      await service.exited;
      clearTimeout(timer);
    },
  };
}

/** `name: value` lines of /stats. */
export function parseStats(text: string): Map<string, number> {
  const stats = new Map<string, number>();
  for (const line of text.split('\n')) {
    const at = line.lastIndexOf(': ');
    if (at > 0) stats.set(line.slice(0, at), Number(line.slice(at + 2)));
  }
  return stats;
}

export interface ProcessMemory {
  /** Resident set now (VmRSS), MiB. */
  readonly rssMiB: number;
  /** Peak resident set so far (VmHWM), MiB. */
  readonly peakRssMiB: number;
}

export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakRssMiB: Math.round(kib('VmHWM') / 1024) };
}

/** A measured figure: in the test output (for the "Failure behaviour" table in docs/failure-behaviour.md), not asserted here. */
export function reportFigure(t: TestContext, name: string, value: unknown): void {
  const shown = typeof value === 'number' ? Math.round(value) : value;
  const line = `figure ${name}: ${typeof shown === 'string' ? shown : JSON.stringify(shown)}`;
  t.diagnostic(line);
}
