// The narrow interface every counter backend implements (memory, redis, memcache).
// The caller builds the keys (which embed the window start, see buildCacheKey) and says what each
// descriptor needs (docs/algorithms.md): a fixed window's increment, a sliding window's increment plus a read
// of the previous window, or a token bucket's atomic take. The store adds the expiry jitter
// and, for Redis with a per-second store, routes 1-second windows there. Stores return raw
// state; the decision arithmetic lives with the caller, one implementation for every backend.

/** A fixed window (Envoy's counting, the default): add the hits, the count expires after the window. */
export interface CounterIncrement {
  readonly algorithm?: 'fixed_window';
  readonly key: string;
  /** Hits to add; 0 reads the current count without changing it. */
  readonly addend: number;
  /** Window length in seconds (the unit); expiry = window + jitter. */
  readonly windowSeconds: number;
}

/**
 * A sliding window: add the hits to the current window (expiring after 2 windows), read the
 * previous one. The key ends with `_<window start>` (buildCacheKey); the previous window's key is
 * the same with the start one window earlier (previousWindowKey), so it is not sent: the Redis
 * batch script derives it, which halves the bytes written per sliding descriptor.
 */
export interface SlidingWindowIncrement {
  readonly algorithm: 'sliding_window';
  readonly key: string;
  readonly addend: number;
  readonly windowSeconds: number;
}

/**
 * A token bucket (GCRA): take `addend` tokens when they are there, atomically. The key holds the
 * theoretical arrival time (TAT, ms) and expires when the bucket is full again.
 */
export interface TokenBucketTake {
  readonly algorithm: 'token_bucket';
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

/** What the store answers for one operation (fields not of the operation's algorithm are 0 / true). */
export interface CounterOutcome {
  /** Fixed and sliding windows: the current window's count after the addend. */
  readonly count: number;
  /** Sliding window: the previous window's count. */
  readonly previousCount: number;
  /** Token bucket: the tokens were taken (always true for the windows). */
  readonly isAllowed: boolean;
  /** Token bucket: the stored TAT before this call, in ms; 0 when none (a full bucket). */
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
   * `stored + addend` and increments afterwards (as the reference); it cannot run token buckets.
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
  close(): Promise<void>;
}

/** The outcome of a fixed or sliding window. */
export function windowOutcome(count: number, previousCount = 0): CounterOutcome {
  return { count, previousCount, isAllowed: true, tatBeforeMs: 0 };
}

/** The outcome of a token bucket take. */
export function bucketOutcome(isAllowed: boolean, tatBeforeMs: number): CounterOutcome {
  return { count: 0, previousCount: 0, isAllowed, tatBeforeMs };
}
