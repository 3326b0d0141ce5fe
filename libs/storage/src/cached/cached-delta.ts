// What the cached-counting engine asks of a store (docs/stores.md#cached-counting): an exact count
// for a key it does not hold, and one round trip that sends every pending delta and reads the new
// totals. Both are injected, so the engine knows no store and the tests run it on a fake one.

/** One key's hits not yet in the store, sent by a flush. */
export interface CachedDelta {
  readonly key: string;
  /** Hits to add (INCRBY), at least 1. */
  readonly delta: number;
  /** The key's expiry, set as a counter of its window is (window + jitter). */
  readonly expirySeconds: number;
}

/**
 * The store's total after a delta was added, or the failure of that key alone: a key holding
 * something that is not a counter (its delta could not be added), or a DeltaNotAnswered.
 */
export type FlushAnswer = number | Error;

/**
 * No answer came for this key's delta (on a cluster, its node failed while others answered): the
 * delta stays pending and goes with the next flush; if the node had applied it before the answer
 * was lost, it is counted twice (too many, never too few).
 */
export class DeltaNotAnswered extends Error {
  constructor(key: string, cause: unknown) {
    super(`no answer for the delta of key ${key}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DeltaNotAnswered';
  }
}

/**
 * Sends every delta in one round trip per store and answers one FlushAnswer each, in order.
 * Rejects when the store could not be reached: then no answer is known and every delta stays
 * pending (a delta the store did apply before the connection broke would be counted twice by the
 * retry; docs/stores.md#cached-counting says so).
 */
export type FlushDeltas = (deltas: readonly CachedDelta[]) => Promise<readonly FlushAnswer[]>;

/** Today's exact counting of one key: adds `hits` and answers the total, in one round trip. */
export type CountExact = (key: string, hits: number, expirySeconds: number) => Promise<number>;
