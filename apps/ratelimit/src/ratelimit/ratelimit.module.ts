// The decision service and what it needs: the hit counter (store + local over-limit cache), the
// options mapped from Settings, and the config load reporter. STATS, CLOCK and LOGGER come from
// CoreModule, RULE_REGISTRY from RulesModule, COUNTER_STORE from StorageModule (all global).
import { Module } from '@nestjs/common';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import { COUNTER_STORE, OverLimitCache, type CounterStore } from '@repo/storage';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../clock';
import { HitCounter } from '../limiter/hit-counter';
import { SETTINGS, type Settings } from '../settings/settings';
import { exportLocalCacheGauges } from '../stats/export-local-cache-gauges';
import type { StatsService } from '../stats/stats.service';
import { CONFIG_LOAD_REPORTER, ConfigLoadReporter } from './config-load-reporter';
import { LOGGER, STATS } from '../core-tokens';
import { HIT_COUNTER, RATE_LIMIT_OPTIONS, type RateLimitOptions } from './ratelimit-options';
import { RateLimitService } from './ratelimit.service';

export function toRateLimitOptions(settings: Settings): RateLimitOptions {
  const { limits, response } = settings;
  return {
    cacheKeyPrefix: limits.cacheKeyPrefix,
    nearLimitRatio: limits.nearLimitRatio,
    isGlobalShadowMode: limits.shadowMode,
    isGlobalQuotaMode: limits.quotaMode,
    responseHeaders: response.headersEnabled ? response : undefined,
    isDynamicMetadataEnabled: response.dynamicMetadata,
  };
}

export function createHitCounter(
  store: CounterStore,
  settings: Settings,
  clock: Clock,
  stats?: StatsService,
): HitCounter {
  const { limits, backend } = settings;
  const localCache =
    limits.localCacheSizeBytes > 0
      ? new OverLimitCache({ sizeBytes: limits.localCacheSizeBytes, now: () => clock.nowMs() })
      : undefined;
  if (localCache !== undefined && stats !== undefined) exportLocalCacheGauges(stats.store, localCache);
  return new HitCounter({
    store,
    localCache,
    // memcached increments after answering (docs/stores.md#memcache), so there is nothing to hold back there.
    stopIncrementWhenOverLimit: limits.stopCacheKeyIncrementWhenOverlimit && backend.type !== 'memcache',
    storeSpan: { backend: backend.type, hasPerSecondStore: backend.redisPerSecond !== undefined },
  });
}

@Module({
  providers: [
    { provide: RATE_LIMIT_OPTIONS, useFactory: toRateLimitOptions, inject: [SETTINGS] },
    { provide: HIT_COUNTER, useFactory: createHitCounter, inject: [COUNTER_STORE, SETTINGS, CLOCK, STATS] },
    {
      provide: CONFIG_LOAD_REPORTER,
      useFactory: (registry: RuleRegistry, stats: StatsService, logger: Logger) =>
        new ConfigLoadReporter(registry, stats, logger),
      inject: [RULE_REGISTRY, STATS, LOGGER],
    },
    RateLimitService,
  ],
  exports: [RateLimitService, HIT_COUNTER],
})
export class RateLimitModule {}
