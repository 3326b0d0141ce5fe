/** What the overshoot of cached counting depends on (docs/stores.md#cached-counting). */
export interface OvershootInputs {
  /** The limit: hits per window. */
  readonly limit: number;
  /** Replicas counting the key, each with its own cache. */
  readonly replicas: number;
  /** Hits per second each replica admits on the key (the largest of them, if they differ). */
  readonly admittedPerSecond: number;
  readonly flushIntervalMs: number;
  /** The oldest read a cached decision stands on (default twice the flush interval). */
  readonly maxReadAgeMs: number;
  /** The store's round trip (a flush's hits are in the store at most this long after it is sent). */
  readonly roundTripMs: number;
}

/**
 * How long a hit admitted by one replica can stay unseen by another (ms): up to a flush interval
 * before it is sent, a round trip until it is in the store, and the age of the read the other
 * replica decides on.
 */
export function unseenForMs(inputs: OvershootInputs): number {
  return inputs.maxReadAgeMs + inputs.flushIntervalMs + inputs.roundTripMs;
}

/**
 * The most hits a window can admit: the limit, plus what the other replicas admit while unseen.
 * A replica's total counts its own hits at once, so the replica that admits last misses only the
 * other replicas' hits of the last unseenForMs: limit + (R - 1) x rate x (A + F + T).
 */
export function overshootBound(inputs: OvershootInputs): number {
  const unseenSeconds = unseenForMs(inputs) / 1000;
  return inputs.limit + Math.ceil((inputs.replicas - 1) * inputs.admittedPerSecond * unseenSeconds);
}
