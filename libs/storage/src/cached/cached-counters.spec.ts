import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { windowOutcome, type CounterStore } from '../counter-store';
import { MemoryCounterStore } from '../memory/memory-counter-store';
import { FakeIntervalTimer } from '../../test/fake-interval-timer';
import { FakeSharedCounters } from '../../test/fake-shared-counters';
import { CachedCounters } from './cached-counters';

/** A store with a write-behind flush and a per-second store, on one fake map of counters. */
function flushingStore(shared: FakeSharedCounters): CounterStore & { flushedTo: string[] } {
  const flushedTo: string[] = [];
  return {
    flushedTo,
    countMany: async (operations) =>
      Promise.all(operations.map(async (o) => windowOutcome(await shared.countExact(o.key, o.addend, 60)))),
    getMany: async () => [],
    flush: async () => undefined,
    ready: async () => undefined,
    isHealthy: () => true,
    close: async () => undefined,
    storeFor: (windowSeconds) => (windowSeconds === 1 ? 'per_second' : 'main'),
    flushDeltas: (store, deltas) => {
      flushedTo.push(store);
      return shared.flushDeltas(deltas);
    },
  };
}

describe(CachedCounters.name, () => {
  it('creates one engine per store on first use, and none on a store without a flush', async () => {
    const timer = new FakeIntervalTimer(0);
    const options = { flushIntervalMs: 250, maxKeys: 10, now: timer.now, timer };
    const sut = new CachedCounters(flushingStore(new FakeSharedCounters()), options);
    assert.equal(sut.isSupported, true);
    assert.deepEqual([...sut.engines().keys()], []);
    const minute = sut.forWindow(60);
    assert.equal(sut.forWindow(3600), minute);
    assert.notEqual(sut.forWindow(1), minute);
    assert.deepEqual([...sut.engines().keys()], ['main', 'per_second']);
    const memory = new MemoryCounterStore({
      backend: 'memory',
      maxKeys: 10,
      now: () => 0,
      random: () => 0,
      jitterMaxSeconds: 0,
    });
    const none = new CachedCounters(memory, options);
    assert.equal(none.isSupported, false);
    assert.equal(none.forWindow(60), undefined);
    await memory.close();
  });

  it('flushes each store on its own and close() answers what each could not flush', async () => {
    const timer = new FakeIntervalTimer(0);
    const shared = new FakeSharedCounters();
    const store = flushingStore(shared);
    const sut = new CachedCounters(store, { flushIntervalMs: 250, maxKeys: 10, now: timer.now, timer });
    assert.equal(await sut.forWindow(60)!.count('m', 1, 60), 1);
    assert.equal(await sut.forWindow(1)!.count('s', 1, 1), 1);
    assert.equal(sut.forWindow(60)!.countCached('m', 2), 3);
    assert.equal(sut.forWindow(1)!.countCached('s', 4), 5);
    await timer.advance(250);
    assert.deepEqual(store.flushedTo.sort(), ['main', 'per_second']);
    assert.deepEqual([shared.values.get('m'), shared.values.get('s')], [3, 5]);
    sut.forWindow(60)!.countCached('m', 1);
    shared.isDown = true;
    assert.deepEqual(await sut.close(), { main: 1, per_second: 0 });
    assert.equal(sut.forWindow(60), undefined, 'closed: limits count exactly');
    assert.equal(sut.stats().main.pendingHits, 1);
  });
});
