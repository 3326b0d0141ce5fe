// Calls at a steady pace to several service processes at once (cached counting's tests): every
// tick, `perTick` calls to each, so each process admits at a rate the test knows and measures.
import { performance } from 'node:perf_hooks';
import type { FaultClient } from '../../load/fault-client';

export interface PacedRecord {
  /** Index of the client called. */
  readonly client: number;
  readonly startMs: number;
  readonly endMs: number;
  /** OK, OVER_LIMIT, or the gRPC status name. */
  readonly code: string;
}

export interface PacedOptions {
  readonly perTick: number;
  readonly tickMs: number;
  readonly durationMs: number;
  /** The request of call number n. */
  readonly request: (n: number) => object;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once every call started within `durationMs` has been answered. */
export async function pacedCalls(
  clients: readonly FaultClient[],
  options: PacedOptions,
): Promise<PacedRecord[]> {
  const records: PacedRecord[] = [];
  const calls: Promise<void>[] = [];
  const startedAt = performance.now();
  let n = 0;
  while (performance.now() - startedAt < options.durationMs) {
    clients.forEach((client, index) => {
      for (let k = 0; k < options.perTick; k++) {
        const startMs = performance.now();
        const call = client.call(options.request(n++)).then(({ code }) => {
          records.push({ client: index, startMs, endMs: performance.now(), code });
        });
        calls.push(call);
      }
    });
    await pause(options.tickMs);
  }
  await Promise.all(calls);
  return records;
}

/**
 * The highest rate (per second) at which one client's calls were admitted: its OK answers over
 * the time from its first call to its last OK answer.
 */
export function admittedPerSecond(records: readonly PacedRecord[], clients: number): number {
  let highest = 0;
  for (let client = 0; client < clients; client++) {
    const mine = records.filter((record) => record.client === client);
    const admitted = mine.filter((record) => record.code === 'OK');
    if (admitted.length === 0) continue;
    const firstMs = Math.min(...mine.map((record) => record.startMs));
    const lastMs = Math.max(...admitted.map((record) => record.endMs));
    highest = Math.max(highest, admitted.length / ((lastMs - firstMs) / 1000));
  }
  return highest;
}

/** The `fraction` quantile of the answer times (ms). */
export function latencyQuantile(records: readonly PacedRecord[], fraction: number): number {
  const sorted = records.map((record) => record.endMs - record.startMs).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** Answers by code, e.g. { OK: 1100, OVER_LIMIT: 2900 }. */
export function countCodes(records: readonly Pick<PacedRecord, 'code'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { code } of records) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}
