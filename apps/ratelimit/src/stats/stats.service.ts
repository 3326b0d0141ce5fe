// The service's statistics with the reference's names (docs/observability.md). Per-value stats keys
// (detailed_metric, value_to_metric, overrides, unknown domains) are unbounded in the reference
// (envoyproxy/ratelimit #275, #1132); here at most STATS_MAX_KEYS distinct keys get their own
// counters and later keys share the overflow key (ours), so a flood of unique values cannot
// exhaust memory. So do keys longer than MAX_STATS_KEY_LENGTH: each key is held several times
// (the map's key and six counter names), and 100 unknown domains of 1.3 MB kept 245 MiB.
import { createLimitStats, RATE_LIMIT_STATS_PREFIX, type LimitStats } from './limit-stats';
import { sanitizeStatName } from './sanitize-stat-name';
import type { Counter, Timer } from './stat-metrics';
import { StatsStore } from './stats-store';

/** Stats key shared by every key beyond STATS_MAX_KEYS: `ratelimit.service.rate_limit.stats_overflow.other.*`. */
export const OVERFLOW_STATS_KEY = 'stats_overflow.other';

/** Longer stats keys (and unknown domains) count under the overflow key: no value is kept whole. */
export const MAX_STATS_KEY_LENGTH = 256;

export type ShouldRateLimitErrorKind = 'redis_error' | 'service_error';

/** Scopes of the Redis connection stats (the store reports `<pool>.cx_total` / `.cx_local_close` events). */
const REDIS_POOLS = ['redis_pool', 'redis_per_second_pool'] as const;

export class StatsService {
  readonly store = new StatsStore();
  readonly configLoadSuccess: Counter;
  readonly configLoadError: Counter;
  readonly globalShadowMode: Counter;
  private readonly limitStatsByKey = new Map<string, LimitStats>();
  private readonly domainNotFoundByDomain = new Map<string, Counter>();
  private readonly errorCounters: Readonly<Record<ShouldRateLimitErrorKind, Counter>>;
  private overflow: LimitStats | undefined;
  /** `ratelimit.service.rate_limit.<item stats key>.` -> the item's label (sanitized). */
  private readonly itemLabels = new Map<string, string>();
  private overflowDomainNotFound: Counter | undefined;

  constructor(private readonly maxKeys: number) {
    this.configLoadSuccess = this.store.counter('ratelimit.service.config_load_success');
    this.configLoadError = this.store.counter('ratelimit.service.config_load_error');
    this.globalShadowMode = this.store.counter('ratelimit.service.global_shadow_mode');
    this.errorCounters = {
      redis_error: this.store.counter('ratelimit.service.call.should_rate_limit.redis_error'),
      service_error: this.store.counter('ratelimit.service.call.should_rate_limit.service_error'),
    };
    this.store.addCollector(() => this.collectPoolGauges());
  }

  /** Counters of one stats key (hot path: one Map lookup once the key is known). */
  limitStats(statsKey: string): LimitStats {
    if (statsKey.length > MAX_STATS_KEY_LENGTH) return this.overflowStats();
    const known = this.limitStatsByKey.get(statsKey);
    if (known !== undefined) return known;
    if (this.distinctKeys() >= this.maxKeys) return this.overflowStats();
    const created = createLimitStats(this.store, sanitizeStatName(statsKey));
    this.limitStatsByKey.set(statsKey, created);
    return created;
  }

  /** Every stats key with its own counters (then the overflow key once used), for the console's charts. */
  *limitStatsEntries(): IterableIterator<readonly [string, LimitStats]> {
    yield* this.limitStatsByKey;
    if (this.overflow !== undefined) yield [OVERFLOW_STATS_KEY, this.overflow];
  }

  /**
   * Counters of one item of a `rate_limits` node, `<node stats key>.<label>` (each item also
   * counts on its own). The first call per key remembers the label, so the Prometheus sink can
   * tell an item's segment from a descriptor level (limitItemOf).
   */
  limitItemStats(itemStatsKey: string, label: string): LimitStats {
    const known = this.limitStatsByKey.get(itemStatsKey);
    if (known !== undefined) return known;
    const created = this.limitStats(itemStatsKey);
    if (created === this.overflow) return created;
    const name = sanitizeStatName(itemStatsKey);
    const item = sanitizeStatName(label);
    if (name.endsWith(`.${item}`)) this.itemLabels.set(`${RATE_LIMIT_STATS_PREFIX}${name}.`, item);
    return created;
  }

  /**
   * For a per-limit stat of an item (`ratelimit.service.rate_limit.<node key>.<item>.<stat>`): the
   * same stat of the node and the item's label; undefined for every other stat.
   */
  limitItemOf(statName: string): { readonly nodeStatName: string; readonly label: string } | undefined {
    const statAt = statName.lastIndexOf('.'); // `<node key>.<label>` + `.<stat>`
    const label = this.itemLabels.get(statName.slice(0, statAt + 1));
    if (label === undefined) return undefined;
    const nodeKeyEnd = statAt - label.length - 1;
    return { nodeStatName: statName.slice(0, nodeKeyEnd) + statName.slice(statAt), label };
  }

  /** `ratelimit.service.rate_limit.<domain>.domain_not_found`. */
  domainNotFound(domain: string): Counter {
    const known = domain.length > MAX_STATS_KEY_LENGTH ? undefined : this.domainNotFoundByDomain.get(domain);
    if (known !== undefined) return known;
    if (this.distinctKeys() >= this.maxKeys || domain.length > MAX_STATS_KEY_LENGTH) {
      // The same one overflow key as limitStats: `...rate_limit.stats_overflow.other.domain_not_found`.
      const name = `${RATE_LIMIT_STATS_PREFIX}${OVERFLOW_STATS_KEY}.domain_not_found`;
      return (this.overflowDomainNotFound ??= this.store.counter(name));
    }
    const name = `${RATE_LIMIT_STATS_PREFIX}${sanitizeStatName(domain)}.domain_not_found`;
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

  /**
   * `ratelimit.<pool>.cx_active`: connections opened minus connections closed, which is how the
   * reference's radix pool trace keeps that gauge. Only pools that reported a connection appear.
   */
  private collectPoolGauges(): void {
    for (const pool of REDIS_POOLS) {
      const total = this.store.findCounter(`ratelimit.${pool}.cx_total`);
      if (total === undefined) continue;
      const closed = this.store.findCounter(`ratelimit.${pool}.cx_local_close`)?.value ?? 0;
      this.store.gauge(`ratelimit.${pool}.cx_active`).set(total.value - closed);
    }
  }

  /** Distinct per-limit and domain_not_found keys with their own counters. */
  private overflowStats(): LimitStats {
    return (this.overflow ??= createLimitStats(this.store, OVERFLOW_STATS_KEY));
  }

  distinctKeys(): number {
    return this.limitStatsByKey.size + this.domainNotFoundByDomain.size;
  }
}
