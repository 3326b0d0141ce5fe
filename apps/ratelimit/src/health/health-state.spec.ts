import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RuleRegistry, type RawDomainConfig, type RuleSource } from '@repo/rules';
import { createCounterStore, type CounterStore } from '@repo/storage';
import { HealthState } from './health-state';

const IDLE_SOURCE: RuleSource = { start: async () => undefined, stop: async () => undefined };
const ONE_DOMAIN: RawDomainConfig[] = [
  {
    sourceName: 'config.a.yaml',
    domain: 'a',
    descriptors: [{ key: 'k', rateLimit: { unit: 'second', requestsPerUnit: 1 } }],
  },
];
const BAD: RawDomainConfig[] = [{ sourceName: 'config.bad.yaml', domain: '' }];

describe(HealthState.name, () => {
  let store: CounterStore;
  let registry: RuleRegistry;

  beforeEach(() => {
    store = createCounterStore({
      backend: 'memory',
      now: () => 0,
      random: () => 0,
      jitterMaxSeconds: 0,
      maxKeys: 10,
    });
    registry = new RuleRegistry(IDLE_SOURCE, { mergeDomainConfigs: false });
  });

  it('without HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED the config component is absent: healthy from the start', () => {
    const sut = new HealthState(store, registry, false);
    assert.deepEqual(sut.components(), { store: true, config: undefined, shutdown: true });
    assert.equal(sut.isHealthy(), true);
  });

  describe('config component (HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED=true)', () => {
    it('starts unhealthy; a successful load with >= 1 domain makes it healthy', () => {
      const sut = new HealthState(store, registry, true);
      assert.deepEqual([sut.components().config, sut.isHealthy()], [false, false]);
      registry.apply(ONE_DOMAIN);
      assert.deepEqual([sut.components().config, sut.isHealthy()], [true, true]);
    });

    it('a successful load with 0 domains makes it unhealthy', () => {
      const sut = new HealthState(store, registry, true);
      registry.apply(ONE_DOMAIN);
      registry.apply([]);
      assert.deepEqual([sut.components().config, sut.isHealthy()], [false, false]);
    });

    it('a failed load changes nothing (healthy stays healthy, unhealthy stays unhealthy)', () => {
      const sut = new HealthState(store, registry, true);
      registry.apply(BAD);
      assert.equal(sut.isHealthy(), false);
      registry.apply(ONE_DOMAIN);
      registry.apply(BAD);
      assert.equal(sut.isHealthy(), true);
    });

    it('a load that happened before the health state existed counts', () => {
      registry.apply(ONE_DOMAIN);
      assert.equal(new HealthState(store, registry, true).isHealthy(), true);
      registry.apply(BAD);
      assert.equal(new HealthState(store, registry, true).isHealthy(), false);
    });
  });

  it('the store component is what the store reports (memory: healthy until closed)', async () => {
    const sut = new HealthState(store, registry, false);
    await store.close();
    assert.deepEqual([sut.components().store, sut.isHealthy()], [false, false]);
  });

  it('shutdown: unhealthy for good once marked, listeners told', () => {
    const sut = new HealthState(store, registry, true);
    registry.apply(ONE_DOMAIN);
    let changes = 0;
    sut.onChange(() => changes++);
    sut.markShuttingDown();
    assert.deepEqual(sut.components(), { store: true, config: true, shutdown: false });
    assert.equal(sut.isHealthy(), false);
    registry.apply(ONE_DOMAIN);
    assert.equal(sut.isHealthy(), false);
    assert.equal(changes, 2);
  });

  it("shutdown begins in the app's first shutdown phase (onModuleDestroy)", () => {
    const sut = new HealthState(store, registry, false);
    sut.onModuleDestroy();
    assert.deepEqual(sut.components(), { store: true, config: undefined, shutdown: false });
  });

  it('listeners hear successful loads but not failed ones, until they unsubscribe', () => {
    const sut = new HealthState(store, registry, true);
    let changes = 0;
    const unsubscribe = sut.onChange(() => changes++);
    registry.apply(ONE_DOMAIN);
    registry.apply(BAD);
    assert.equal(changes, 1);
    unsubscribe();
    registry.apply(ONE_DOMAIN);
    assert.equal(changes, 1);
  });
});
