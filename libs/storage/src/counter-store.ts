// The narrow interface every counter backend implements (memory, redis, memcache).
// A store offers a few primitives and knows no algorithm (docs/algorithms.md builds each one on a
// primitive): `increment` (add, expire after the window), `increment_and_read_previous` (the same,
// plus a read of the window before) and `take_tokens` (an atomic GCRA take). STORE_CAPABILITIES
// (store-capabilities.ts) says which primitives each kind of store runs. The caller builds the
// keys (which embed the window start, see buildCacheKey); the store adds the expiry jitter and,
// for Redis with a per-second store, routes 1-second windows there. Stores return raw state;
// the arithmetic lives with the caller, one implementation for every backend.

import type { CachedDelta, FlushAnswer } from './cached/cached-delta';

/** Add the hits; the count expires after the window (Envoy's fixed window counter). */
export interface CounterIncrement {
  readonly primitive?: 'increment';
  readonly key: string;
  /** Hits to add; 0 reads the current count without changing it. */
  readonly addend: number;
  /** Window length in seconds (the unit); expiry = window + jitter. */
  readonly windowSeconds: number;
}

/**
 * Add the hits to the current window (expiring after 2 windows), read the previous one. The key
 * ends with `_<window start>` (buildCacheKey); the previous window's key is the same with the
 * start one window earlier (previousWindowKey), so it is not sent: the Redis batch script derives
 * it, which halves the bytes written per such operation.
 */
export interface SlidingWindowIncrement {
  readonly primitive: 'increment_and_read_previous';
  readonly key: string;
  readonly addend: number;
  readonly windowSeconds: number;
}

/**
 * Take `addend` tokens when they are there, atomically (GCRA). The key holds the theoretical
 * arrival time (TAT, ms) and expires when the bucket is full again.
 */
export interface TokenBucketTake {
  readonly primitive: 'take_tokens';
  readonly key: string;
  /** Tokens to take; 0 only reads. */
  readonly addend: number;
  /** The refill period (routes 1-second buckets to the per-second Redis store). */
  readonly windowSeconds: number;
  readonly nowMs: number;
  /** T = window / requests_per_unit. */
  readonly emissionIntervalMs: number;
  /** T x burst. */
  readonly toleranceMs: number;
}

export type CounterOperation = CounterIncrement | SlidingWindowIncrement | TokenBucketTake;

/** A store primitive's name (what STORE_CAPABILITIES lists). */
export type CounterPrimitive = NonNullable<CounterOperation['primitive']>;

/**
 * What the store answers for one operation: one shape for every primitive (the fields of the
 * others are 0 / true), so the hot path reads one hidden class whatever the mix of operations.
 */
export interface CounterOutcome {
  /** increment(_and_read_previous): the current window's count after the addend. */
  readonly count: number;
  /** increment_and_read_previous: the previous window's count. */
  readonly previousCount: number;
  /** take_tokens: the tokens were taken (always true for the increments). */
  readonly isAllowed: boolean;
  /** take_tokens: the stored TAT before this call, in ms; 0 when none (a full bucket). */
  readonly tatBeforeMs: number;
}

/** A counter to read: the window routes it to the right store (per-second Redis). */
export interface CounterRead {
  readonly key: string;
  readonly windowSeconds: number;
}

export interface CounterStore {
  /**
   * Applies every operation and resolves to one outcome each, in input order. One round trip per
   * backing store for the whole batch (and batched across concurrent callers). Memcache answers
   * `stored + addend` and increments afterwards (as the reference); STORE_CAPABILITIES says what it runs.
   * Rejects with StoreUnavailableError when the store cannot answer in time.
   */
  countMany(operations: readonly CounterOperation[]): Promise<CounterOutcome[]>;
  /**
   * Current values (0 when missing), in input order: a window's count, or a token bucket's TAT.
   * Used by STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT. Takes the window too (a CounterIncrement
   * fits) so 1-second windows are read from the per-second Redis store.
   */
  getMany(reads: readonly CounterRead[]): Promise<number[]>;
  /** Waits for pending asynchronous work (memcache increments); tests call it. */
  flush(): Promise<void>;
  /**
   * Resolves once the store answered its start-up probe (Redis: PING retried with backoff;
   * memcache with SRV: the first lookup). Rejects with StoreUnavailableError when the start-up
   * budget is spent. StorageModule awaits it before the app opens its ports (the reference's start-up order).
   */
  ready(): Promise<void>;
  /** Health for this backend (docs/service.md, "Health"; memcache and memory never depend on Redis). */
  isHealthy(): boolean;
  /**
   * How the store sends its increments, per client (Redis: `script`, one Lua call per batch, or
   * `commands`), for the start-up log. Only a store with such a choice offers it.
   */
  incrementModes?(): Readonly<Partial<Record<string, string>>>;
  /**
   * Cached counting (docs/stores.md#cached-counting), offered by a store that has a write-behind
   * flush (Redis): the store a window's counters go to (`main`, `per_second`)...
   */
  storeFor?(windowSeconds: number): string;
  /**
   * ...and one round trip to that store with every pending delta (INCRBY + EXPIRE, totals read
   * back), answering or failing within `timeoutMs` (default the store's).
   */
  flushDeltas?(
    store: string,
    deltas: readonly CachedDelta[],
    timeoutMs?: number,
  ): Promise<readonly FlushAnswer[]>;
  close(): Promise<void>;
}

/** The outcome of an increment (and of the previous window's read). */
export function windowOutcome(count: number, previousCount = 0): CounterOutcome {
  return { count, previousCount, isAllowed: true, tatBeforeMs: 0 };
}

/** The outcome of a take. */
export function bucketOutcome(isAllowed: boolean, tatBeforeMs: number): CounterOutcome {
  return { count: 0, previousCount: 0, isAllowed, tatBeforeMs };
}
