// The decision service and what it needs: the hit counter (store + local over-limit cache), the
// options mapped from Settings, who observes its decisions, and the config load reporter. STATS,
// CLOCK and LOGGER come from CoreModule, RULE_REGISTRY from RulesModule, COUNTER_STORE and
// CACHED_COUNTERS from StorageModule, TRACER_HOLDER from TracingModule (all global).
import { Module } from '@nestjs/common';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import {
  CACHED_COUNTERS,
  COUNTER_STORE,
  OverLimitCache,
  STORE_CAPABILITIES,
  type CachedCounters,
  type CounterStore,
} from '@repo/storage';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../clock';
import { HitCounter } from '../limiter/hit-counter';
import { SETTINGS, type Settings } from '../settings/settings';
import { exportLocalCacheGauges } from '../stats/export-local-cache-gauges';
import type { StatsService } from '../stats/stats.service';
import { TRACER_HOLDER, type TracerHolder } from '../tracing/tracer-holder';
import { DecisionObservers } from './decision-observers';
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
  tracing?: TracerHolder,
  cachedCounters?: CachedCounters,
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
    capabilities: STORE_CAPABILITIES[backend.type],
    stopIncrementWhenOverLimit: limits.stopCacheKeyIncrementWhenOverlimit,
    tracing,
    hasPerSecondStore: backend.redis.perSecond !== undefined,
    cachedCounters,
  });
}

@Module({
  providers: [
    { provide: RATE_LIMIT_OPTIONS, useFactory: toRateLimitOptions, inject: [SETTINGS] },
    {
      provide: HIT_COUNTER,
      useFactory: createHitCounter,
      inject: [COUNTER_STORE, SETTINGS, CLOCK, STATS, TRACER_HOLDER, CACHED_COUNTERS],
    },
    {
      provide: CONFIG_LOAD_REPORTER,
      useFactory: (registry: RuleRegistry, stats: StatsService, logger: Logger) =>
        new ConfigLoadReporter(registry, stats, logger),
      inject: [RULE_REGISTRY, STATS, LOGGER],
    },
    DecisionObservers,
    RateLimitService,
  ],
  exports: [RateLimitService, HIT_COUNTER, DecisionObservers],
})
export class RateLimitModule {}
