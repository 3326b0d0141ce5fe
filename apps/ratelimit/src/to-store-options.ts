// Settings -> CounterStoreOptions (BACKEND_TYPE, KV_*, ALTCACHE_*, MEMORY_MAX_KEYS, MEMORY_MAX_BYTES, jitter).
import type {
  CounterStoreOptions,
  RedisConnectionOptions,
  StorageEventListener,
  StoreTlsOptions,
} from '@repo/storage';
import type { RedisSettings, Settings, StoreTlsSettings } from './settings/settings';

/** Expired memory counters are purged this often besides on access. */
const MEMORY_PURGE_INTERVAL_MS = 10_000;

export interface StoreDependencies {
  readonly now: () => number;
  readonly random: () => number;
  readonly onEvent?: StorageEventListener;
}

export function toStoreOptions(settings: Settings, dependencies: StoreDependencies): CounterStoreOptions {
  const { backend, limits } = settings;
  const common = { ...dependencies, jitterMaxSeconds: limits.expirationJitterMaxSeconds };
  switch (backend.type) {
    case 'memory':
      return {
        ...common,
        backend: 'memory',
        maxKeys: backend.memory.maxKeys,
        maxBytes: backend.memory.maxBytes,
        purgeIntervalMs: MEMORY_PURGE_INTERVAL_MS,
      };
    case 'redis':
      return {
        ...common,
        backend: 'redis',
        main: redisConnection(backend.redis),
        perSecond: backend.redisPerSecond === undefined ? undefined : redisConnection(backend.redisPerSecond),
        healthCheckActiveConnection: backend.redis.healthCheckActiveConnection,
        startup: {
          initialIntervalMs: backend.redis.startup.initialIntervalMs,
          maxIntervalMs: backend.redis.startup.maxIntervalMs,
          maxElapsedMs: backend.redis.startup.maxElapsedTimeMs,
        },
      };
    case 'memcache':
      return {
        ...common,
        backend: 'memcache',
        hostPorts: backend.memcache.hostPorts.length > 0 ? backend.memcache.hostPorts : undefined,
        srv: backend.memcache.srv || undefined,
        srvRefreshMs: backend.memcache.srvRefreshMs,
        maxIdleConnections: backend.memcache.maxIdleConns,
        tls: storeTls(backend.memcache.tls),
        timeoutMs: backend.redis.timeoutMs,
      };
  }
}

function redisConnection(redis: RedisSettings): RedisConnectionOptions {
  return {
    type: redis.type,
    url: redis.url,
    socketType: redis.socketType,
    auth: redis.auth || undefined,
    sentinelAuth: redis.sentinelAuth || undefined,
    tls: storeTls(redis.tls),
    timeoutMs: redis.timeoutMs,
    pipelineWindowMs: redis.pipelineWindowMs,
    pipelineLimit: redis.pipelineLimit,
    incrementScript: redis.incrementScript,
  };
}

function storeTls(tls: StoreTlsSettings): StoreTlsOptions | undefined {
  if (!tls.enabled) return undefined;
  return {
    clientCertPath: tls.certFile || undefined,
    clientKeyPath: tls.keyFile || undefined,
    caCertPath: tls.caCertFile || undefined,
    skipHostnameVerification: tls.skipHostnameVerification,
  };
}
