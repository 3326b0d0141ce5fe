// Public surface of @repo/storage.
export {
  bucketOutcome,
  windowOutcome,
  type CounterIncrement,
  type CounterOperation,
  type CounterOutcome,
  type CounterPrimitive,
  type CounterRead,
  type CounterStore,
  type SlidingWindowIncrement,
  type TokenBucketTake,
} from './counter-store';
export { takeTokens } from './take-tokens';
export {
  STORE_CAPABILITIES,
  storesCountingCached,
  storesRunning,
  type CachedCountingSupport,
  type StoreCallSpan,
  type StoreCapabilities,
} from './store-capabilities';
export type {
  CommonStoreOptions,
  CounterStoreOptions,
  MemcacheStoreOptions,
  MemoryStoreOptions,
  RedisConnectionOptions,
  RedisStoreOptions,
  RedisTopology,
  StartupRetryOptions,
  StorageEventListener,
  StoreTlsOptions,
} from './counter-store-options';
export { createCounterStore } from './create-counter-store';
export { buildCacheKey, buildCacheKeyBase, previousWindowKey, type CacheKeyEntry } from './build-cache-key';
export { expirySeconds } from './expiry-seconds';
export {
  MIN_OVER_LIMIT_CACHE_BYTES,
  OverLimitCache,
  type OverLimitCacheOptions,
  type OverLimitCacheStats,
} from './over-limit-cache';
export { StoreUnavailableError, type StorageBackend } from './store-unavailable-error';
export { StorageOptionsError } from './storage-options-error';
export { MemoryCounterStore } from './memory/memory-counter-store';
export { RedisCounterStore } from './redis/redis-counter-store';
export { MemcachedCounterStore } from './memcached/memcached-counter-store';
export { CachedCounter } from './cached/cached-counter';
export {
  CACHED_COUNTERS,
  CachedCounters,
  MIN_FLUSH_TIMEOUT_MS,
  type CachedCountersOptions,
} from './cached/cached-counters';
export {
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_KEYS,
  type CachedCounterOptions,
} from './cached/cached-counter-options';
export type { CachedCountingStats } from './cached/cached-counting-stats';
export type { CachedDelta, CountExact, FlushAnswer, FlushDeltas } from './cached/cached-delta';
export { DeltaNotAnswered } from './cached/cached-delta';
export type { IntervalTimer } from './cached/interval-timer';
export { overshootBound, unseenForMs, type OvershootInputs } from './cached/overshoot-bound';
export { COUNTER_STORE, StorageModule, type StorageModuleOptions } from './storage.module';
