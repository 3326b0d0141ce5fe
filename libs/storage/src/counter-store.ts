// The narrow interface every counter backend implements (memory, redis, memcache).
// Fixed windows: the caller builds the key (which embeds the window start, see buildCacheKey)
// and passes the window length; the store adds the expiry jitter (§2.7) and, for Redis with a
// per-second store, routes 1-second windows there (§1.4).

export interface CounterIncrement {
  readonly key: string;
  /** Hits to add; 0 reads the current count without changing it. */
  readonly addend: number;
  /** Window length in seconds (the unit); expiry = window + jitter. */
  readonly windowSeconds: number;
}

/** A counter to read: the window routes it to the right store (per-second Redis). */
export interface CounterRead {
  readonly key: string;
  readonly windowSeconds: number;
}

export interface CounterStore {
  /**
   * Adds every addend and resolves to the count after each increment, in input order.
   * One round trip per backing store for the whole batch (and batched across concurrent
   * callers). Memcache resolves to `stored + addend` and increments afterwards (§2.14).
   * Rejects with StoreUnavailableError when the store cannot answer in time.
   */
  incrementMany(increments: readonly CounterIncrement[]): Promise<number[]>;
  /**
   * Current counts (0 when missing), in input order; used by STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT.
   * Takes the window too (a CounterIncrement fits) so 1-second windows are read from the
   * per-second Redis store.
   */
  getMany(reads: readonly CounterRead[]): Promise<number[]>;
  /** Waits for pending asynchronous work (memcache increments); tests call it. */
  flush(): Promise<void>;
  /**
   * Resolves once the store answered its start-up probe (Redis: PING retried with backoff;
   * memcache with SRV: the first lookup). Rejects with StoreUnavailableError when the start-up
   * budget is spent. StorageModule awaits it before the app opens its ports (§2.20).
   */
  ready(): Promise<void>;
  /** Health as the reference reports it for this backend (§2.17, A3). */
  isHealthy(): boolean;
  close(): Promise<void>;
}
