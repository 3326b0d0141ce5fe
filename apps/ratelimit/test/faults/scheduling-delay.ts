// Time a call spent waiting for a CPU rather than in the service. The fault suite runs on a shared
// 2-core machine where other work can keep a process off the CPU for hundreds of milliseconds,
// while the answer bound (KV_TIMEOUT + 50 ms) is about the service. A call's client-measured
// time is therefore also given net of:
// - stalls of this (the client's) event loop, whatever their cause: a sampler runs every
//   INTERVAL_MS and every gap beyond that is a stall;
// - the service's run-queue delay: how long its main thread (the event loop) was runnable but
//   not running (Linux /proc/<pid>/schedstat, 2nd field). Its own work, GC included, still counts.
// Where both overlap only the larger counts, so nothing is subtracted twice.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const INTERVAL_MS = 2;

interface Sample {
  readonly atMs: number;
  /** The service's cumulative run-queue delay, ms. */
  readonly serviceWaitMs: number;
}

export interface SchedulingDelay {
  /** Milliseconds of [startMs, endMs] (performance.now()) spent off the CPU, as above. */
  within(startMs: number, endMs: number): number;
  stop(): void;
}

function runQueueDelayMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0; // the process ended, or no schedstat on this kernel: nothing to subtract
  }
}

export function watchSchedulingDelay(servicePid: number): SchedulingDelay {
  const samples: Sample[] = [];
  const sample = () => samples.push({ atMs: performance.now(), serviceWaitMs: runQueueDelayMs(servicePid) });
  sample();
  const timer = setInterval(sample, INTERVAL_MS);
  timer.unref();
  return {
    within: (startMs, endMs) => {
      let delayMs = 0;
      for (let i = 1; i < samples.length; i++) {
        const [a, b] = [samples[i - 1], samples[i]];
        const overlapMs = Math.min(b.atMs, endMs) - Math.max(a.atMs, startMs);
        if (overlapMs <= 0) continue;
        const share = overlapMs / (b.atMs - a.atMs);
        const clientStallMs = Math.max(0, b.atMs - a.atMs - INTERVAL_MS) * share;
        const serviceWaitMs = (b.serviceWaitMs - a.serviceWaitMs) * share;
        delayMs += Math.max(clientStallMs, serviceWaitMs);
      }
      return delayMs;
    },
    stop: () => clearInterval(timer),
  };
}
