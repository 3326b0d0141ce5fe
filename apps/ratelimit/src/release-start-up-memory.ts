// Start-up (loading the bundle, Nest's module scan, reading the rules) grows V8's young
// generation to its largest size and leaves old space full of garbage. V8 gives that memory back
// only when its memory reducer runs, 8 s or more after allocation slows down, so a replica that
// has just started and waits for traffic holds 10-12 MB it does not need (docs/benchmarks.md#start-up).
// Once, in the first second after the service is ready that passes (nearly) idle, the heap is
// collected the way V8 does under memory pressure. While calls arrive it waits (the pause, tens
// of ms, would land on them, and the young generation is in use anyway), and after a few busy
// seconds it gives up: V8's own reducer takes over.
import { performance } from 'node:perf_hooks';
import { collectGarbage } from '@repo/rules';

/** How long the process must have been (nearly) idle; also the interval between tries. */
export const RELEASE_DELAY_MS = 1000;
/** Tries before giving up on a busy process. */
export const RELEASE_ATTEMPTS = 5;
/** Above this share of the event loop busy over that time, calls are being served: skip. */
export const BUSY_UTILIZATION = 0.05;

/** Schedules the one collection; the timer never keeps the process alive. */
export function releaseStartUpMemory(
  onReleased?: (cpuMs: number) => void,
  attemptsLeft = RELEASE_ATTEMPTS,
): void {
  const before = performance.eventLoopUtilization();
  setTimeout(() => {
    if (performance.eventLoopUtilization(before).utilization > BUSY_UTILIZATION) {
      if (attemptsLeft > 1) releaseStartUpMemory(onReleased, attemptsLeft - 1);
      return;
    }
    const started = process.cpuUsage();
    collectAllGarbage();
    const spent = process.cpuUsage(started);
    onReleased?.((spent.user + spent.system) / 1000);
  }, RELEASE_DELAY_MS).unref();
}

/** V8's full collection that also shrinks the young generation. */
export function collectAllGarbage(): void {
  collectGarbage({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
