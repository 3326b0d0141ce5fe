// The flush of CachedCounter on a fake clock: when it runs, what one round trip carries, and that
// no hit is lost when the store is away, at close, at a key's failure or when a window rolls over.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FakeIntervalTimer } from '../../test/fake-interval-timer';
import { FakeSharedCounters } from '../../test/fake-shared-counters';
import { CachedCounter } from './cached-counter';
import type { CachedCounterOptions } from './cached-counter-options';

function setup(extra: Partial<CachedCounterOptions> = {}) {
  const timer = new FakeIntervalTimer(0);
  const store = new FakeSharedCounters();
  const sut = new CachedCounter({
    countExact: store.countExact,
    flushDeltas: store.flushDeltas,
    now: timer.now,
    timer,
    ...extra,
  });
  return { sut, store, timer };
}

describe(`${CachedCounter.name} flush`, () => {
  it('sends nothing before the interval, then every pending key in one round trip', async () => {
    const { sut, store, timer } = setup({ flushIntervalMs: 100 });
    await Promise.all(['a_60', 'b_60', 'c_60'].map((key) => sut.count(key, 1, 60)));
    sut.countCached('a_60', 2);
    sut.countCached('b_60', 3);
    sut.countCached('a_60', 1);
    await timer.advance(99);
    assert.equal(store.flushes.length, 0);
    await timer.advance(1);
    assert.deepEqual(store.flushes, [
      [
        { key: 'a_60', delta: 3, expirySeconds: 60 },
        { key: 'b_60', delta: 3, expirySeconds: 60 },
      ],
    ]);
    assert.deepEqual(
      [store.values.get('a_60'), store.values.get('b_60'), store.values.get('c_60')],
      [4, 4, 1],
    );
    const { flushes, flushedKeys, pendingHits } = sut.stats();
    assert.deepEqual([flushes, flushedKeys, pendingHits], [1, 2, 0]);
  });

  it('reports its flush counters as events tagged with its store', async () => {
    const events: [string, Readonly<Record<string, string>> | undefined, number | undefined][] = [];
    const { sut, store, timer } = setup({
      store: 'per_second',
      maxKeys: 1,
      onEvent: (name, tags, value) => events.push([name, tags, value]),
    });
    await sut.count('a_1', 1, 1);
    sut.countCached('a_1', 2);
    await timer.advance(250);
    store.isDown = true;
    sut.countCached('a_1', 1);
    await timer.advance(250);
    store.isDown = false;
    await timer.advance(250);
    await timer.advance(750); // a_1 read last at 750: dropped at 1500
    await sut.count('b_1', 1, 1);
    await sut.count('c_1', 1, 1);
    const tags = { store: 'per_second' };
    assert.deepEqual(events, [
      ['cached.flushes', tags, 1],
      ['cached.flushed_keys', tags, 1],
      ['cached.flushes', tags, 1],
      ['cached.flush_errors', tags, 1],
      ['cached.flushes', tags, 1],
      ['cached.flushed_keys', tags, 1],
      ['cached.expirations', tags, 1],
      ['cached.evictions', tags, 1],
    ]);
  });

  it('sends no round trip in an interval with nothing pending', async () => {
    const { sut, store, timer } = setup();
    await sut.count('a_60', 1, 60);
    await timer.advance(1_000);
    assert.deepEqual([store.flushes.length, sut.stats().flushes], [0, 0]);
  });

  it('reads back the totals: another replica’s hits count here after the flush', async () => {
    const { sut, store, timer } = setup();
    await sut.count('a_60', 1, 60);
    sut.countCached('a_60', 1);
    store.values.set('a_60', 50); // another replica flushed 49 hits
    assert.equal(sut.countCached('a_60', 1), 3);
    await timer.advance(250);
    assert.equal(sut.countCached('a_60', 1), 53);
  });

  it('keeps the hits of a failed flush pending and sends them when the store answers again', async () => {
    const { sut, store, timer } = setup();
    await sut.count('a_60', 1, 60);
    store.isDown = true;
    sut.countCached('a_60', 4);
    await timer.advance(250);
    sut.countCached('a_60', 2);
    assert.deepEqual([sut.stats().flushErrors, sut.stats().pendingHits], [1, 6]);
    assert.equal(sut.countCached('a_60', 0), 7, 'answers go on from the cache while the read is young');
    await timer.advance(251);
    assert.equal(sut.countCached('a_60', 0), undefined, 'the read is 501 ms old: the store decides');
    await assert.rejects(sut.count('a_60', 1, 60), /store down/);
    assert.equal(sut.stats().pendingHits, 6, 'the failed exact count keeps what was pending');
    store.isDown = false;
    await timer.advance(250);
    assert.deepEqual(store.flushes.at(-1), [{ key: 'a_60', delta: 6, expirySeconds: 60 }]);
    assert.equal(store.values.get('a_60'), 7);
    assert.deepEqual([sut.stats().flushErrors, sut.stats().pendingHits, sut.stats().flushes], [2, 0, 3]);
  });

  it('adds the hits still pending to an exact count made after an outage', async () => {
    const { sut, store, timer } = setup();
    await sut.count('a_60', 1, 60);
    store.isDown = true;
    sut.countCached('a_60', 6);
    await timer.advance(501); // two failed flushes; the read is 501 ms old
    store.isDown = false;
    assert.equal(await sut.count('a_60', 1, 60), 8, 'stored 2 after the exact hit, 6 pending');
    assert.equal(sut.countCached('a_60', 1), 9);
    await timer.advance(249);
    assert.deepEqual([store.values.get('a_60'), sut.stats().pendingHits], [9, 0]);
  });

  it('keeps a flush in flight alone and counts the hits that arrive meanwhile', async () => {
    const { sut, store } = setup();
    await sut.count('a_60', 1, 60);
    sut.countCached('a_60', 1);
    const first = sut.flushNow();
    assert.equal(sut.countCached('a_60', 1), 3, 'flushing + pending');
    assert.equal(await first, 1);
    assert.equal(await sut.flushNow(), 0);
    assert.deepEqual(
      store.flushes.map((deltas) => deltas.map(({ delta }) => delta)),
      [[1], [1]],
    );
  });

  it('flushes what is pending at close, stops its timer, and counts exactly after', async () => {
    const { sut, store, timer } = setup();
    await sut.count('a_60', 1, 60);
    sut.countCached('a_60', 9);
    assert.equal(await sut.close(), 0);
    assert.equal(store.values.get('a_60'), 10);
    assert.equal(timer.activeCount, 0);
    assert.equal(sut.countCached('a_60', 1), undefined);
    assert.equal(await sut.count('a_60', 1, 60), 11);
    assert.deepEqual(store.exactCounts.at(-1), ['a_60', 1]);
  });

  it('says at close how many hits it could not flush', async () => {
    const { sut, store } = setup();
    await sut.count('a_60', 1, 60);
    sut.countCached('a_60', 9);
    store.isDown = true;
    assert.equal(await sut.close(), 9);
    store.isDown = false;
    assert.equal(await sut.flushNow(), 0, 'a later flushNow still sends them');
    assert.equal(store.values.get('a_60'), 10);
  });

  it('drops, and counts, the delta of a key the store refuses; its next decision is exact', async () => {
    const { sut, store, timer } = setup();
    await sut.count('a_60', 1, 60);
    await sut.count('b_60', 1, 60);
    sut.countCached('a_60', 2);
    sut.countCached('b_60', 3);
    store.refusedKeys.add('a_60');
    await timer.advance(250);
    const stats = sut.stats();
    assert.deepEqual([stats.droppedHits, stats.flushedKeys, stats.pendingHits], [2, 1, 0]);
    assert.equal(store.values.get('b_60'), 4);
    assert.equal(sut.countCached('a_60', 1), undefined);
    await assert.rejects(sut.count('a_60', 1, 60), /WRONGTYPE a_60/);
  });

  it('treats a rolled-over window as a new key and drops the old one once idle', async () => {
    const { sut, store, timer } = setup();
    await sut.count('k_0', 1, 1);
    sut.countCached('k_0', 1);
    await timer.advance(1_000);
    assert.equal(await sut.count('k_1', 1, 1), 1, 'the new window starts from the store');
    sut.countCached('k_1', 1);
    await timer.advance(250);
    assert.deepEqual([store.values.get('k_0'), store.values.get('k_1'), sut.stats().cachedKeys], [2, 2, 1]);
    assert.deepEqual([sut.stats().expirations, sut.stats().evictions], [1, 0]);
    assert.deepEqual(store.flushes.at(-1), [{ key: 'k_1', delta: 1, expirySeconds: 1 }]);
  });

  it('keeps the hits of a key without an answer pending; the answered keys stay counted once', async () => {
    const { sut, store, timer } = setup({ flushIntervalMs: 100 });
    await Promise.all(['a_60', 'b_60'].map((key) => sut.count(key, 1, 60)));
    sut.countCached('a_60', 2);
    sut.countCached('b_60', 3);
    store.silentKeys.add('b_60');
    await timer.advance(100);
    assert.deepEqual([store.values.get('a_60'), store.values.get('b_60')], [3, 1]);
    assert.deepEqual([sut.stats().pendingHits, sut.stats().flushErrors], [3, 1]);
    store.silentKeys.clear();
    await timer.advance(100);
    assert.deepEqual(store.flushes.at(-1), [{ key: 'b_60', delta: 3, expirySeconds: 60 }]);
    assert.deepEqual([store.values.get('a_60'), store.values.get('b_60')], [3, 4]);
    assert.equal(sut.stats().pendingHits, 0);
  });
});
