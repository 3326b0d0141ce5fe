import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../settings/settings';
import { PrometheusListener } from './prometheus-listener';
import { StatsSinkLifecycle } from './stats-sink-lifecycle';
import { StatsSinkModule } from './stats-sink.module';

const providersFor = (env: Record<string, string>) => StatsSinkModule.forRoot(parseSettings(env)).providers;

describe(StatsSinkModule.name, () => {
  it('provides nothing with DISABLE_STATS', () => {
    assert.deepEqual(providersFor({ DISABLE_STATS: 'true' }), []);
  });

  it('provides the sink lifecycle for a push sink', () => {
    assert.deepEqual(providersFor({}), [StatsSinkLifecycle]);
    assert.deepEqual(providersFor({ USE_PUSHSTATS: 'false', USE_TAGGEDSTATS: 'true' }), [StatsSinkLifecycle]);
  });

  it('adds the Prometheus listener with pull stats', () => {
    assert.deepEqual(providersFor({ USE_PUSHSTATS: 'false', USE_PULLSTATS: 'true' }), [
      StatsSinkLifecycle,
      PrometheusListener,
    ]);
  });
});
