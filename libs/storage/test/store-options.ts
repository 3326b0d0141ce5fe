// Option builders shared by the storage integration tests and the bench.
import type { MemcacheStoreOptions, RedisConnectionOptions, RedisStoreOptions } from '@repo/storage';

/** The store timeout the tests run with (the app's KV_TIMEOUT). */
export const TEST_TIMEOUT_MS = 300;

export function redisConnection(
  type: RedisConnectionOptions['type'],
  url: string,
  extra: Partial<RedisConnectionOptions> = {},
): RedisConnectionOptions {
  return { type, url, timeoutMs: TEST_TIMEOUT_MS, pipelineWindowMs: 0, pipelineLimit: 0, ...extra };
}

export function redisStoreOptions(
  main: RedisConnectionOptions,
  extra: Partial<RedisStoreOptions> = {},
): RedisStoreOptions {
  return {
    backend: 'redis',
    main,
    now: Date.now,
    random: Math.random,
    jitterMaxSeconds: 0,
    healthCheckActiveConnection: true,
    startup: { initialIntervalMs: 50, maxIntervalMs: 500, maxElapsedMs: 10_000 },
    ...extra,
  };
}

export function memcacheStoreOptions(extra: Partial<MemcacheStoreOptions>): MemcacheStoreOptions {
  return {
    backend: 'memcache',
    now: Date.now,
    random: Math.random,
    jitterMaxSeconds: 0,
    maxIdleConnections: 2,
    timeoutMs: TEST_TIMEOUT_MS,
    ...extra,
  };
}
