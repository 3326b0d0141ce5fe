// `ratelimit.localcache.*` gauges (reference limiter/local_cache_stats.go): the counters of the
// local over-limit cache, copied into gauges before every flush and /stats dump.
// averageAccessTime is not reported: the cache is a Map lookup and is not timed.
import type { OverLimitCacheStats } from '@repo/storage';
import type { StatsStore } from './stats-store';

const GAUGES = [
  'hitCount',
  'missCount',
  'lookupCount',
  'entryCount',
  'expiredCount',
  'evacuateCount',
  'overwriteCount',
] as const satisfies readonly (keyof OverLimitCacheStats)[];

export function exportLocalCacheGauges(store: StatsStore, cache: { stats(): OverLimitCacheStats }): void {
  const gauges = GAUGES.map((name) => [name, store.gauge(`ratelimit.localcache.${name}`)] as const);
  store.addCollector(() => {
    const stats = cache.stats();
    for (const [name, gauge] of gauges) gauge.set(stats[name]);
  });
}
