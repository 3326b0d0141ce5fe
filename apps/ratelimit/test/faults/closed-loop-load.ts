// Closed-loop gRPC load for fault injection (the idea of bench/support/grpc-load.ts, kept on the
// test side): `inFlight` calls always outstanding until stop(), each recorded with its start,
// end and outcome so a test can ask what callers saw before, during and after a fault.
import { performance } from 'node:perf_hooks';
import type { TestContext } from 'node:test';
import type { FaultClient, Outcome } from '../../load/fault-client';

export interface CallRecord {
  /** performance.now() milliseconds. */
  readonly startMs: number;
  readonly endMs: number;
  readonly outcome: Outcome;
}

export interface LoadOptions {
  readonly client: FaultClient;
  readonly inFlight: number;
  /** The request of call number n. */
  readonly request: (n: number) => object;
  /** Per-call deadline (default 10 s): a hung call ends as DEADLINE_EXCEEDED. */
  readonly deadlineMs?: number;
  /** Wait after a failed call (default 5 ms), as a retrying client would, so failing fast is not a busy loop. */
  readonly pauseAfterErrorMs?: number;
}

export interface Load {
  readonly records: readonly CallRecord[];
  /** Calls started and not yet answered. */
  inFlightNow(): number;
  /** Stops starting calls and resolves when every call has been answered. */
  stop(): Promise<readonly CallRecord[]>;
}

const DECISIONS = new Set(['OK', 'OVER_LIMIT']);

export const isDecision = (record: CallRecord): boolean => DECISIONS.has(record.outcome.code);

/** The longest a recorded call took, in milliseconds. */
export const longestCall = (records: readonly CallRecord[]): number =>
  records.reduce((longest, record) => Math.max(longest, record.endMs - record.startMs), 0);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** With `t`, the load is also stopped when the test ends (a failed test must not leave it running). */
export function startLoad(options: LoadOptions, t?: TestContext): Load {
  const records: CallRecord[] = [];
  let stopped = false;
  let outstanding = 0;
  let n = 0;
  const worker = async () => {
    while (!stopped) {
      const startMs = performance.now();
      outstanding++;
      const outcome = await options.client.call(options.request(n++), options.deadlineMs ?? 10_000);
      outstanding--;
      records.push({ startMs, endMs: performance.now(), outcome });
      if (outcome.code === 'CLIENT_ERROR') return; // the client was closed: a test ended early
      if (!DECISIONS.has(outcome.code)) await pause(options.pauseAfterErrorMs ?? 5);
    }
  };
  const workers = Array.from({ length: options.inFlight }, worker);
  const load: Load = {
    records,
    inFlightNow: () => outstanding,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
      return records;
    },
  };
  t?.after(() => load.stop());
  return load;
}

/** Waits until `count` more calls have been answered (proof that load flows), with a deadline. */
export async function waitForCalls(load: Load, count: number, timeoutMs = 20_000): Promise<void> {
  const target = load.records.length + count;
  const deadline = performance.now() + timeoutMs;
  while (load.records.length < target) {
    if (performance.now() > deadline)
      throw new Error(`fewer than ${count} calls answered in ${timeoutMs} ms`);
    await pause(20);
  }
}

export interface LoadSummary {
  readonly calls: number;
  /** Outcome code -> number of calls. */
  readonly outcomes: Readonly<Record<string, number>>;
  readonly maxLatencyMs: number;
  readonly p99LatencyMs: number;
}

export function summarize(records: readonly CallRecord[]): LoadSummary {
  const outcomes: Record<string, number> = {};
  for (const { outcome } of records) outcomes[outcome.code] = (outcomes[outcome.code] ?? 0) + 1;
  const latencies = records.map((record) => record.endMs - record.startMs).sort((a, b) => a - b);
  return {
    calls: records.length,
    outcomes,
    maxLatencyMs: Math.round(latencies.at(-1) ?? 0),
    p99LatencyMs: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}

/** Calls that were started before `atMs` and answered after it. */
export function inFlightAt(records: readonly CallRecord[], atMs: number): number {
  return records.filter((record) => record.startMs <= atMs && record.endMs > atMs).length;
}

/**
 * Milliseconds from `sinceMs` (e.g. the moment the store answered again) until the service
 * answered the first call of the unbroken run of decisions that lasts to the end of the load;
 * undefined when the last call failed.
 */
export function recoveryMs(records: readonly CallRecord[], sinceMs: number): number | undefined {
  const lastFailureStart = records.reduce(
    (latest, record) => (isDecision(record) ? latest : Math.max(latest, record.startMs)),
    Number.NEGATIVE_INFINITY,
  );
  const firstGood = records
    .filter((record) => isDecision(record) && record.startMs > lastFailureStart)
    .sort((a, b) => a.endMs - b.endMs)[0];
  if (firstGood === undefined) return undefined;
  return Math.max(0, firstGood.endMs - sinceMs);
}
