import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../settings/settings';
import { CachedCountingStatsCollector } from '../cached-counting-stats-collector';
import { PrometheusListener } from './prometheus-listener';
import { StatsSinkLifecycle } from './stats-sink-lifecycle';
import { StatsSinkModule } from './stats-sink.module';

const providersFor = (env: Record<string, string>) => StatsSinkModule.forRoot(parseSettings(env)).providers;

describe(StatsSinkModule.name, () => {
  it('provides no sink with DISABLE_STATS, but still collects cached counting (for /stats)', () => {
    assert.deepEqual(providersFor({ DISABLE_STATS: 'true' }), [CachedCountingStatsCollector]);
  });

  it('provides the sink lifecycle for a push sink', () => {
    assert.deepEqual(providersFor({}), [StatsSinkLifecycle, CachedCountingStatsCollector]);
    assert.deepEqual(providersFor({ USE_PUSHSTATS: 'false', USE_TAGGEDSTATS: 'true' }), [
      StatsSinkLifecycle,
      CachedCountingStatsCollector,
    ]);
  });

  it('adds the Prometheus listener with pull stats', () => {
    assert.deepEqual(providersFor({ USE_PUSHSTATS: 'false', USE_PULLSTATS: 'true' }), [
      StatsSinkLifecycle,
      PrometheusListener,
      CachedCountingStatsCollector,
    ]);
  });
});
