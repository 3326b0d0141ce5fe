// `ratelimit.cached.*` (ours): what each store's cached counting engine did, tagged with the store
// in gostats' inline form like `ratelimit.redis.undo_error`, so statsd gets
// `ratelimit.cached.flushes.__store=main`, DogStatsD the tag `store:main` and Prometheus
// `ratelimit_cached_flushes{store="main"}`. The engine keeps plain numbers; they are copied in
// before every flush, scrape and /stats dump, so the hot path adds nothing for them. The names
// are the engine's own event names, so a counter it also reports as an event is the same counter.
import type { CachedCountingStats } from '@repo/storage';
import type { Counter, Gauge } from './stat-metrics';
import type { StatsStore } from './stats-store';

/** Counters: they only grow (statsd sends their deltas). */
const COUNTERS = {
  flushes: 'flushes',
  flushErrors: 'flush_errors',
  flushedKeys: 'flushed_keys',
  evictions: 'evictions',
  expirations: 'expirations',
  cachedDecisions: 'cached_decisions',
  exactDecisions: 'exact_decisions',
  uncachedAtBound: 'uncached_at_bound',
  droppedHits: 'dropped_hits',
} as const satisfies Partial<Record<keyof CachedCountingStats, string>>;

/** Gauges: values now. */
const GAUGES = {
  pendingHits: 'pending_hits',
  cachedKeys: 'cached_keys',
} as const satisfies Partial<Record<keyof CachedCountingStats, string>>;

type CounterField = keyof typeof COUNTERS;
type GaugeField = keyof typeof GAUGES;

/** One engine's statistics, as the engine (CachedCounter) gives them. */
export interface CachedCountingStatsSource {
  stats(): CachedCountingStats;
}

/** The engines running now, by store (`main`, `per_second`); read at every collection. */
export type CachedCountingEngines = () => Iterable<
  readonly [store: string, engine: CachedCountingStatsSource]
>;

interface StoreMetrics {
  readonly counters: readonly (readonly [CounterField, Counter])[];
  readonly gauges: readonly (readonly [GaugeField, Gauge])[];
}

/** `flushes` + `main` -> `ratelimit.cached.flushes.__store=main`. */
export function cachedStatName(stat: string, store: string): string {
  return `ratelimit.cached.${stat}.__store=${store}`;
}

/**
 * Registers a collector that copies every engine's numbers into its store's counters and gauges.
 * An engine that appears later (one made when the first cached rule loads) is picked up then.
 */
export function exportCachedCountingStats(store: StatsStore, engines: CachedCountingEngines): void {
  const metricsByStore = new Map<string, StoreMetrics>();
  const metricsOf = (name: string): StoreMetrics => {
    let metrics = metricsByStore.get(name);
    if (metrics === undefined) metricsByStore.set(name, (metrics = createStoreMetrics(store, name)));
    return metrics;
  };
  store.addCollector(() => {
    for (const [name, engine] of engines()) {
      const stats = engine.stats();
      const { counters, gauges } = metricsOf(name);
      // max: the engine's events may have added to the same counter since the last collection
      for (const [field, counter] of counters) counter.value = Math.max(counter.value, stats[field]);
      for (const [field, gauge] of gauges) gauge.set(stats[field]);
    }
  });
}

function createStoreMetrics(store: StatsStore, name: string): StoreMetrics {
  const fields = <F extends string>(names: Record<F, string>) => Object.entries(names) as [F, string][];
  return {
    counters: fields(COUNTERS).map(([field, stat]) => [field, store.counter(cachedStatName(stat, name))]),
    gauges: fields(GAUGES).map(([field, stat]) => [field, store.gauge(cachedStatName(stat, name))]),
  };
}
