import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CachedCounter,
  type CachedCountingStats,
  type CachedDelta,
  type IntervalTimer,
  type StorageEventListener,
} from '@repo/storage';
import { DEFAULT_MAPPING_YAML } from './sinks/prometheus/default-mapping';
import { MetricMapper } from './sinks/prometheus/metric-mapper';
import { parseMapperConfig } from './sinks/prometheus/parse-mapper-config';
import { PrometheusSink } from './sinks/prometheus/prometheus-sink';
import { splitInlineTags } from './sinks/inline-tags';
import { flushStats } from './sinks/flush-stats';
import type { StatsSink } from './sinks/stats-sink';
import { cachedStatName, exportCachedCountingStats } from './export-cached-counting-stats';
import { StatsStore } from './stats-store';

/** A store of shared counters the engine counts on; flushes run only when the test calls flushNow(). */
function engineOnSharedCounters(store: string, onEvent?: StorageEventListener) {
  const values = new Map<string, number>();
  const add = (key: string, hits: number) => {
    const total = (values.get(key) ?? 0) + hits;
    values.set(key, total);
    return total;
  };
  const manualTimer: IntervalTimer = { setInterval: () => 0, clearInterval: () => undefined };
  return new CachedCounter({
    countExact: (key, hits) => Promise.resolve(add(key, hits)),
    flushDeltas: (deltas: readonly CachedDelta[]) => Promise.resolve(deltas.map((d) => add(d.key, d.delta))),
    now: () => 1_000_000,
    timer: manualTimer,
    store,
    onEvent,
  });
}

/** Two keys, each counted exactly once, then 3 + 1 hits from the cache, then one flush of both keys. */
async function driveTwoKeys(engine: CachedCounter): Promise<void> {
  await engine.count('a_60', 1, 60);
  await engine.count('b_60', 1, 60);
  await engine.count('a_60', 3, 60);
  await engine.count('b_60', 1, 60);
  await engine.flushNow();
  await engine.count('a_60', 2, 60);
}

class RecordingSink implements StatsSink {
  readonly lines: string[] = [];
  flushCounter(name: string, delta: number): void {
    if (name.startsWith('ratelimit.cached.')) this.lines.push(`${name}:${delta}|c`);
  }
  flushGauge(name: string, value: number): void {
    if (name.startsWith('ratelimit.cached.')) this.lines.push(`${name}:${value}|g`);
  }
  flushTimer(): void {}
  endFlush(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const ZERO: CachedCountingStats = {
  flushes: 0,
  flushErrors: 0,
  flushedKeys: 0,
  pendingHits: 0,
  cachedKeys: 0,
  evictions: 0,
  expirations: 0,
  cachedDecisions: 0,
  exactDecisions: 0,
  uncachedAtBound: 0,
  droppedHits: 0,
};

describe(exportCachedCountingStats.name, () => {
  it("copies each store's engine into ratelimit.cached.<stat>.__store=<store> at each dump", async () => {
    const store = new StatsStore();
    const engine = engineOnSharedCounters('main');
    exportCachedCountingStats(store, () => new Map([['main', engine]]));
    await driveTwoKeys(engine);
    assert.equal(
      store.dump(),
      [
        'ratelimit.cached.cached_decisions.__store=main: 3',
        'ratelimit.cached.cached_keys.__store=main: 2',
        'ratelimit.cached.dropped_hits.__store=main: 0',
        'ratelimit.cached.evictions.__store=main: 0',
        'ratelimit.cached.exact_decisions.__store=main: 2',
        'ratelimit.cached.expirations.__store=main: 0',
        'ratelimit.cached.flush_errors.__store=main: 0',
        'ratelimit.cached.flushed_keys.__store=main: 2',
        'ratelimit.cached.flushes.__store=main: 1',
        'ratelimit.cached.pending_hits.__store=main: 2',
        'ratelimit.cached.uncached_at_bound.__store=main: 0',
        '',
      ].join('\n'),
    );
  });

  it('sends counters as deltas and gauges as values to statsd, one series per store', async () => {
    const store = new StatsStore();
    const [main, perSecond] = [engineOnSharedCounters('main'), engineOnSharedCounters('per_second')];
    exportCachedCountingStats(store, () => [['main', main] as const, ['per_second', perSecond] as const]);
    const sink = new RecordingSink();
    await driveTwoKeys(main);
    flushStats(store, sink);
    await main.flushNow();
    await perSecond.count('s_1', 5, 1);
    sink.lines.length = 0;
    flushStats(store, sink);
    assert.deepEqual(sink.lines.sort(), [
      'ratelimit.cached.cached_keys.__store=main:2|g',
      'ratelimit.cached.cached_keys.__store=per_second:1|g',
      'ratelimit.cached.exact_decisions.__store=per_second:1|c',
      'ratelimit.cached.flushed_keys.__store=main:1|c',
      'ratelimit.cached.flushes.__store=main:1|c',
      'ratelimit.cached.pending_hits.__store=main:0|g',
      'ratelimit.cached.pending_hits.__store=per_second:0|g',
    ]);
  });

  it('counts an event the engine also reported (the stores hook) once', async () => {
    const store = new StatsStore();
    // as the app turns a store's events into counters: `ratelimit.` + name + the tags inline
    const engine = engineOnSharedCounters('main', (name, tags, value) => {
      store.counter(`ratelimit.${name}.__store=${tags?.store}`).add(value ?? 1);
    });
    exportCachedCountingStats(store, () => [['main', engine] as const]);
    await driveTwoKeys(engine);
    store.collect();
    await engine.flushNow();
    store.collect();
    assert.equal(store.findCounter(cachedStatName('flushes', 'main'))?.value, 2);
    assert.equal(store.findCounter(cachedStatName('flushed_keys', 'main'))?.value, 3);
  });

  it('picks up an engine that appears after start-up, and names nothing before', () => {
    const store = new StatsStore();
    const engines = new Map<string, { stats(): CachedCountingStats }>();
    exportCachedCountingStats(store, () => engines);
    assert.equal(store.dump(), '');
    engines.set('main', { stats: () => ({ ...ZERO, evictions: 4, cachedKeys: 10_000 }) });
    assert.match(store.dump(), /^ratelimit\.cached\.evictions\.__store=main: 4$/m);
    assert.match(store.dump(), /^ratelimit\.cached\.cached_keys\.__store=main: 10000$/m);
  });

  it('gives DogStatsD the tag store:<store> and Prometheus ratelimit_cached_<stat>{store="<store>"}', async () => {
    const store = new StatsStore();
    const engine = engineOnSharedCounters('main');
    exportCachedCountingStats(store, () => [['main', engine] as const]);
    await driveTwoKeys(engine);
    assert.deepEqual(splitInlineTags(cachedStatName('flushes', 'per_second')), {
      base: 'ratelimit.cached.flushes',
      tags: [['store', 'per_second']],
    });
    const prometheus = new PrometheusSink({
      mapper: new MetricMapper(parseMapperConfig(DEFAULT_MAPPING_YAML, 'test')),
      extraTags: {},
      responseTimeAsMilliseconds: false,
    });
    flushStats(store, prometheus);
    const text = await prometheus.metrics.registry.metrics();
    const samples = text.split('\n').filter((line) => line.startsWith('ratelimit_cached_'));
    assert.deepEqual(samples.sort(), [
      'ratelimit_cached_cached_decisions{store="main"} 3',
      'ratelimit_cached_cached_keys{store="main"} 2',
      'ratelimit_cached_exact_decisions{store="main"} 2',
      'ratelimit_cached_flushed_keys{store="main"} 2',
      'ratelimit_cached_flushes{store="main"} 1',
      'ratelimit_cached_pending_hits{store="main"} 2',
    ]);
    assert.match(text, /# TYPE ratelimit_cached_flushes counter\n/);
    assert.match(text, /# TYPE ratelimit_cached_pending_hits gauge\n/);
  });
});
