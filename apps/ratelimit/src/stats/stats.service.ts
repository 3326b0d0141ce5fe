// The service's statistics with the reference's names (spec §1.6). Per-value stats keys
// (detailed_metric, value_to_metric, overrides, unknown domains) are unbounded in the reference
// (envoyproxy/ratelimit #275, #1132); here at most STATS_MAX_KEYS distinct keys get their own
// counters and later keys share the overflow key (A3), so a flood of unique values cannot
// exhaust memory.
import { createLimitStats, type LimitStats } from './limit-stats';
import { sanitizeStatName } from './sanitize-stat-name';
import type { Counter, Timer } from './stat-metrics';
import { StatsStore } from './stats-store';

/** Stats key shared by every key beyond STATS_MAX_KEYS: `ratelimit.service.rate_limit.stats_overflow.other.*`. */
export const OVERFLOW_STATS_KEY = 'stats_overflow.other';
const OVERFLOW_PREFIX = 'ratelimit.service.rate_limit.stats_overflow';

export type ShouldRateLimitErrorKind = 'redis_error' | 'service_error';

export class StatsService {
  readonly store = new StatsStore();
  readonly configLoadSuccess: Counter;
  readonly configLoadError: Counter;
  readonly globalShadowMode: Counter;
  private readonly limitStatsByKey = new Map<string, LimitStats>();
  private readonly domainNotFoundByDomain = new Map<string, Counter>();
  private readonly errorCounters: Readonly<Record<ShouldRateLimitErrorKind, Counter>>;
  private overflow: LimitStats | undefined;
  private overflowDomainNotFound: Counter | undefined;

  constructor(private readonly maxKeys: number) {
    this.configLoadSuccess = this.store.counter('ratelimit.service.config_load_success');
    this.configLoadError = this.store.counter('ratelimit.service.config_load_error');
    this.globalShadowMode = this.store.counter('ratelimit.service.global_shadow_mode');
    this.errorCounters = {
      redis_error: this.store.counter('ratelimit.service.call.should_rate_limit.redis_error'),
      service_error: this.store.counter('ratelimit.service.call.should_rate_limit.service_error'),
    };
  }

  /** Counters of one stats key (hot path: one Map lookup once the key is known). */
  limitStats(statsKey: string): LimitStats {
    const known = this.limitStatsByKey.get(statsKey);
    if (known !== undefined) return known;
    if (this.distinctKeys() >= this.maxKeys)
      return (this.overflow ??= createLimitStats(this.store, OVERFLOW_STATS_KEY));
    const created = createLimitStats(this.store, sanitizeStatName(statsKey));
    this.limitStatsByKey.set(statsKey, created);
    return created;
  }

  /** `ratelimit.service.rate_limit.<domain>.domain_not_found`. */
  domainNotFound(domain: string): Counter {
    const known = this.domainNotFoundByDomain.get(domain);
    if (known !== undefined) return known;
    if (this.distinctKeys() >= this.maxKeys) {
      return (this.overflowDomainNotFound ??= this.store.counter(`${OVERFLOW_PREFIX}.domain_not_found`));
    }
    const name = `ratelimit.service.rate_limit.${sanitizeStatName(domain)}.domain_not_found`;
    const created = this.store.counter(name);
    this.domainNotFoundByDomain.set(domain, created);
    return created;
  }

  /** `ratelimit.service.call.should_rate_limit.<kind>`. */
  shouldRateLimitError(kind: ShouldRateLimitErrorKind): Counter {
    return this.errorCounters[kind];
  }

  /** `ratelimit_server.<Method>.total_requests` (gRPC methods, as the reference's interceptor). */
  serverTotalRequests(method: string): Counter {
    return this.store.counter(`ratelimit_server.${method}.total_requests`);
  }

  /** `ratelimit_server.<Method>.response_time` in milliseconds. */
  serverResponseTime(method: string): Timer {
    return this.store.timer(`ratelimit_server.${method}.response_time`);
  }

  /** Distinct per-limit and domain_not_found keys with their own counters. */
  distinctKeys(): number {
    return this.limitStatsByKey.size + this.domainNotFoundByDomain.size;
  }
}
