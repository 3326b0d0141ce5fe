// Open-loop ordinary calls for the `isolation` part: ShouldRateLimit started on a fixed schedule
// (`callsPerSecond`) whether or not earlier calls have been answered, each with a deadline. A
// closed loop would stop asking while the service stalls, so a stall of seconds would cost only
// as many slow calls as were in flight and hide below the p99; here every call due during a stall
// waits through it (or fails at its deadline) and is counted.
import { performance } from 'node:perf_hooks';
import type { FaultClient } from '../../apps/ratelimit/load/fault-client';
import type { WindowTally } from './isolation-figures';

export interface OpenLoopOptions {
  readonly callsPerSecond: number;
  readonly seconds: number;
  /** A call not answered within this counts as failed (DEADLINE_EXCEEDED). */
  readonly deadlineMs: number;
  /** The request of call number n. */
  readonly request: (n: number) => object;
}

const ANSWERED = new Set(['OK', 'OVER_LIMIT']);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the calls due so far every millisecond or so for `seconds`, then waits for the last
 * ones (at most `deadlineMs`). Latency runs from the moment a call is handed to the client.
 */
export async function runOpenLoop(client: FaultClient, options: OpenLoopOptions): Promise<WindowTally> {
  const tally: WindowTally = { latenciesMs: [], failures: {} };
  const calls: Promise<void>[] = [];
  const startedAt = performance.now();
  const endsAt = startedAt + options.seconds * 1000;
  let started = 0;
  for (let now = startedAt; now < endsAt; now = performance.now()) {
    const due = Math.floor(((now - startedAt) * options.callsPerSecond) / 1000);
    for (; started < due; started++) calls.push(oneCall(client, options, started, tally));
    await pause(1);
  }
  await Promise.all(calls);
  return tally;
}

async function oneCall(client: FaultClient, options: OpenLoopOptions, n: number, tally: WindowTally) {
  const sentAt = performance.now();
  const outcome = await client.call(options.request(n), options.deadlineMs);
  if (ANSWERED.has(outcome.code)) tally.latenciesMs.push(performance.now() - sentAt);
  else tally.failures[outcome.code] = (tally.failures[outcome.code] ?? 0) + 1;
}
