import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CachedCounters,
  createCounterStore,
  STORE_CAPABILITIES,
  type CachedDelta,
  type CounterOperation,
  type CounterStore,
  type IntervalTimer,
} from '@repo/storage';
import { testRule } from '../../test/support/rule-fixtures';
import type { PendingHits } from './algorithms/counter-algorithm';
import { HitCounter } from './hit-counter';

/** The memory store with a write-behind flush (as Redis offers it), recording its round trips. */
class FlushingStore implements CounterStore {
  readonly countCalls: CounterOperation[][] = [];
  readonly flushCalls: CachedDelta[][] = [];
  readonly inner = createCounterStore({
    backend: 'memory',
    now: () => 0,
    random: () => 0,
    jitterMaxSeconds: 0,
    maxKeys: 1000,
  });
  countMany(operations: readonly CounterOperation[]) {
    this.countCalls.push([...operations]);
    return this.inner.countMany(operations);
  }
  getMany = (reads: Parameters<CounterStore['getMany']>[0]) => this.inner.getMany(reads);
  flush = () => this.inner.flush();
  ready = () => this.inner.ready();
  isHealthy = () => this.inner.isHealthy();
  close = () => this.inner.close();
  storeFor = () => 'main';
  flushDeltas = async (_store: string, deltas: readonly CachedDelta[]) => {
    this.flushCalls.push([...deltas]);
    const operations = deltas.map(({ key, delta, expirySeconds }) => ({
      key,
      addend: delta,
      windowSeconds: expirySeconds,
    }));
    return (await this.inner.countMany(operations)).map((outcome) => outcome.count);
  };
}

/** The flush runs when a test says (flushNow), never by time. */
const NO_TIMER: IntervalTimer = { setInterval: () => 0, clearInterval: () => undefined };
const CACHED = testRule({ requestsPerUnit: 1000, counting: 'cached' });
const EXACT = testRule({ requestsPerUnit: 1000 });

const hits = (key: string, rule = CACHED, addend = 1): PendingHits => ({
  key,
  addend,
  rule,
  outcome: undefined,
  localCacheUntilMs: 0,
  isCountedCached: false,
});

function setUp(kind: 'redis' | 'memory' = 'redis') {
  const store = new FlushingStore();
  const cachedCounters = new CachedCounters(store, {
    flushIntervalMs: 250,
    maxKeys: 10,
    now: () => 0,
    timer: NO_TIMER,
  });
  const sut = new HitCounter({
    store,
    capabilities: STORE_CAPABILITIES[kind],
    localCache: undefined,
    stopIncrementWhenOverLimit: false,
    cachedCounters,
  });
  const count = async (list: PendingHits[]) => {
    await sut.count(list, 0);
    return list.map((entry) => [entry.outcome?.count, entry.isCountedCached]);
  };
  return { store, cachedCounters, count };
}

describe(`${HitCounter.name} with counting: cached`, () => {
  it('counts a cached limit exactly once, then from memory without a store call; exact limits as before', async () => {
    const { store, cachedCounters, count } = setUp();
    assert.deepEqual(await count([hits('c'), hits('e', EXACT)]), [
      [1, true],
      [1, false],
    ]);
    assert.deepEqual(store.countCalls, [
      [{ key: 'c', addend: 1, windowSeconds: 60 }],
      [{ key: 'e', addend: 1, windowSeconds: 60 }],
    ]);
    assert.deepEqual(await count([hits('c', CACHED, 3)]), [[4, true]]);
    assert.deepEqual(await count([hits('c'), hits('e', EXACT)]), [
      [5, true],
      [2, false],
    ]);
    assert.equal(store.countCalls.length, 3, 'only the exact limit went to the store');
    assert.equal(await cachedCounters.engines().get('main')!.flushNow(), 0);
    assert.deepEqual(store.flushCalls, [[{ key: 'c', delta: 4, expirySeconds: 60 }]]);
    assert.deepEqual(await store.inner.getMany([{ key: 'c', windowSeconds: 60 }]), [5]);
  });

  it('250 concurrent requests on a new key: one exact count, the others wait for it and count from memory', async () => {
    const { store, cachedCounters, count } = setUp();
    const answers = await Promise.all(Array.from({ length: 250 }, () => count([hits('hot')])));
    const totals = answers.map(([[total]]) => total as number).sort((a, b) => a - b);
    assert.deepEqual(
      totals,
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    assert.deepEqual(store.countCalls, [[{ key: 'hot', addend: 1, windowSeconds: 60 }]]);
    assert.equal(await cachedCounters.engines().get('main')!.flushNow(), 0);
    assert.deepEqual(await store.inner.getMany([{ key: 'hot', windowSeconds: 60 }]), [250]);
  });

  it('more keys than CACHED_COUNTING_MAX_KEYS, all with hits pending: the new ones count exactly, none lost', async () => {
    const { store, cachedCounters, count } = setUp(); // 10 keys held at most
    // each key twice: an exact first count, then one from memory (pending) while it is held
    for (let k = 0; k < 30; k++) for (let twice = 0; twice < 2; twice++) await count([hits(`k${k}`)]);
    const stats = cachedCounters.stats().main;
    assert.deepEqual([stats.cachedKeys, stats.pendingHits, stats.uncachedAtBound], [10, 10, 40]);
    await cachedCounters.engines().get('main')!.flushNow();
    const keys = Array.from({ length: 30 }, (_, k) => ({ key: `k${k}`, windowSeconds: 60 }));
    assert.deepEqual(await store.inner.getMany(keys), Array(30).fill(2));
  });

  it('counts a cached limit exactly on a store that does not run the engine (memory)', async () => {
    const { store, cachedCounters, count } = setUp('memory');
    assert.deepEqual(await count([hits('c')]), [[1, false]]);
    assert.deepEqual(await count([hits('c')]), [[2, false]]);
    assert.equal(store.countCalls.length, 2);
    assert.equal(cachedCounters.engines().size, 0);
  });

  it('counts exactly once the engines are closed (after SIGTERM), sending what was pending first', async () => {
    const { store, cachedCounters, count } = setUp();
    await count([hits('c')]);
    await count([hits('c')]);
    assert.deepEqual(await cachedCounters.close(), { main: 0 });
    assert.deepEqual(await count([hits('c')]), [[3, false]]);
    assert.deepEqual(store.flushCalls, [[{ key: 'c', delta: 1, expirySeconds: 60 }]]);
  });

  it('answers an error of the exact first count as the store call does', async () => {
    const { store, count } = setUp();
    await store.inner.close();
    await assert.rejects(count([hits('c')]));
    await assert.rejects(count([hits('c'), hits('e', EXACT)]));
  });
});
