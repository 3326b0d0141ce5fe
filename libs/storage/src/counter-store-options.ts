// Options of every backend. Plain objects built by the app from its settings: libraries never
// read process.env. Time and randomness are injected, so tests control them.

/**
 * Optional hook for the app's statistics, e.g. `('memcache.multiget', { code: 'error' })` or
 * `('memcache.keys_requested', undefined, 3)`; `value` defaults to 1.
 */
export type StorageEventListener = (
  name: string,
  tags?: Readonly<Record<string, string>>,
  value?: number,
) => void;

export interface CommonStoreOptions {
  /** Wall clock in milliseconds. */
  readonly now: () => number;
  /** Uniform float in [0, 1): expiry jitter. */
  readonly random: () => number;
  /** EXPIRATION_JITTER_MAX_SECONDS: expiry = window + floor(random() * max) (docs/stores.md). */
  readonly jitterMaxSeconds: number;
  readonly onEvent?: StorageEventListener;
}

export interface MemoryStoreOptions extends CommonStoreOptions {
  readonly backend: 'memory';
  /** Upper bound of live counters; the oldest are evicted beyond it. */
  readonly maxKeys: number;
  /**
   * MEMORY_MAX_BYTES: upper bound of the bytes the counters are counted for (key as V8 stores it
   * + a measured overhead per entry); the oldest are evicted beyond it. Unset: 64 MiB.
   */
  readonly maxBytes?: number;
  /** Period of the background purge of expired counters; 0 or unset: purge on access only. */
  readonly purgeIntervalMs?: number;
}

/** TLS to a server (PEM file paths). Present = TLS on. */
export interface StoreTlsOptions {
  readonly clientCertPath?: string;
  readonly clientKeyPath?: string;
  /** Appended to Node's built-in root certificates (as the reference appends to the system pool). */
  readonly caCertPath?: string;
  /** Verify the chain but not the host name. */
  readonly skipHostnameVerification?: boolean;
}

export type RedisTopology = 'single' | 'sentinel' | 'cluster';

/** One Redis deployment (the main store, or the per-second store). */
export interface RedisConnectionOptions {
  readonly type: RedisTopology;
  /**
   * single: `host:port`, `redis://[user:pass@]host:port[/db]`, `rediss://...` (TLS) or a unix
   * socket path; sentinel: `masterName,host:port,host:port...`; cluster: `host:port,host:port...`.
   */
  readonly url: string;
  /** Inferred from the url when unset (a path starting with `/` is a unix socket). */
  readonly socketType?: 'tcp' | 'unix';
  /** `password` or `user:password` (split at the first `:`). */
  readonly auth?: string;
  /** Sentinel auth (`password` or `user:password`). */
  readonly sentinelAuth?: string;
  readonly tls?: StoreTlsOptions;
  /** Every store call answers or fails within this time (KV_TIMEOUT); also the connect timeout. */
  readonly timeoutMs: number;
  /** KV_PIPELINE_WINDOW: gather increments this long before one write; below 1 ms = one event-loop turn. */
  readonly pipelineWindowMs: number;
  /** KV_PIPELINE_LIMIT: write early once a batch holds this many commands; 0 = no limit. */
  readonly pipelineLimit: number;
  /**
   * KV_INCREMENT_SCRIPT (single and sentinel): send a batch as one Lua script call instead of
   * INCRBY + EXPIRE per key. `auto` checks at start-up that the connection is a Redis server
   * that runs scripts (not a proxy); default `off`. Cluster batches always use commands.
   */
  readonly incrementScript?: 'auto' | 'on' | 'off';
}

export interface StartupRetryOptions {
  /** REDIS_STARTUP_INITIAL_INTERVAL */
  readonly initialIntervalMs: number;
  /** REDIS_STARTUP_MAX_INTERVAL */
  readonly maxIntervalMs: number;
  /** REDIS_STARTUP_MAX_ELAPSED_TIME; 0 = retry forever. */
  readonly maxElapsedMs: number;
}

export interface RedisStoreOptions extends CommonStoreOptions {
  readonly backend: 'redis';
  readonly main: RedisConnectionOptions;
  /** KV_PERSECOND: 1-second windows go to this store when set. */
  readonly perSecond?: RedisConnectionOptions;
  /** KV_HEALTH_CHECK_ACTIVE_CONNECTION: unhealthy while a store has no ready connection. */
  readonly healthCheckActiveConnection: boolean;
  readonly startup: StartupRetryOptions;
}

export interface MemcacheStoreOptions extends CommonStoreOptions {
  readonly backend: 'memcache';
  /** ALTCACHE_HOST_PORT as a list of `host:port` (exactly one of hostPorts / srv). */
  readonly hostPorts?: readonly string[];
  /** ALTCACHE_SRV: `_service._proto.name`, resolved with DNS SRV. */
  readonly srv?: string;
  /** ALTCACHE_SRV_REFRESH; 0 or unset = resolve once. */
  readonly srvRefreshMs?: number;
  /** ALTCACHE_MAX_IDLE_CONNS: connections kept per node (at least 1). */
  readonly maxIdleConnections: number;
  readonly tls?: StoreTlsOptions;
  /** Bound of every memcached command. */
  readonly timeoutMs: number;
  /** DNS SRV lookup (injected for tests); node:dns resolveSrv by default. */
  readonly resolveSrv?: (name: string) => Promise<readonly { name: string; port: number }[]>;
}

export type CounterStoreOptions = MemoryStoreOptions | RedisStoreOptions | MemcacheStoreOptions;
