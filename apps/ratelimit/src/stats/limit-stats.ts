// The six counters of one limit's stats key (reference stats.RateLimitStats), e.g.
// `ratelimit.service.rate_limit.messaging.message_type_marketing.to_number.total_hits`.
import type { Counter } from './stat-metrics';
import type { StatsStore } from './stats-store';

export interface LimitStats {
  readonly totalHits: Counter;
  readonly overLimit: Counter;
  readonly nearLimit: Counter;
  readonly withinLimit: Counter;
  readonly shadowMode: Counter;
  readonly overLimitWithLocalCache: Counter;
}

export const RATE_LIMIT_STATS_PREFIX = 'ratelimit.service.rate_limit.';

/** `statsKey` is already sanitized (see sanitizeStatName). */
export function createLimitStats(store: StatsStore, statsKey: string): LimitStats {
  const base = RATE_LIMIT_STATS_PREFIX + statsKey + '.';
  return {
    totalHits: store.counter(base + 'total_hits'),
    overLimit: store.counter(base + 'over_limit'),
    nearLimit: store.counter(base + 'near_limit'),
    withinLimit: store.counter(base + 'within_limit'),
    shadowMode: store.counter(base + 'shadow_mode'),
    overLimitWithLocalCache: store.counter(base + 'over_limit_with_local_cache'),
  };
}
