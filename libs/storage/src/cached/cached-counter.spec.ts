import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FakeIntervalTimer } from '../../test/fake-interval-timer';
import { FakeSharedCounters } from '../../test/fake-shared-counters';
import { StorageOptionsError } from '../storage-options-error';
import { CachedCounter } from './cached-counter';
import type { CachedCounterOptions } from './cached-counter-options';

function setup(extra: Partial<CachedCounterOptions> = {}) {
  const timer = new FakeIntervalTimer(1_000_000);
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

describe(CachedCounter.name, () => {
  describe('deciding', () => {
    it('counts the first hit of a key exactly and later hits from the cache', async () => {
      const { sut, store } = setup();
      store.values.set('k_60', 10);
      assert.equal(await sut.count('k_60', 1, 60), 11);
      assert.equal(await sut.count('k_60', 2, 60), 13);
      assert.equal(sut.countCached('k_60', 1), 14);
      assert.deepEqual(store.exactCounts, [['k_60', 1]]);
      assert.equal(store.values.get('k_60'), 11);
      assert.deepEqual(
        [sut.stats().exactDecisions, sut.stats().cachedDecisions, sut.stats().pendingHits],
        [1, 2, 3],
      );
    });

    it('answers nothing from the cache for a key it does not hold', () => {
      const { sut, store } = setup();
      assert.equal(sut.countCached('k_60', 1), undefined);
      assert.deepEqual([store.exactCounts, sut.stats().pendingHits], [[], 0]);
    });

    it('sends concurrent first hits of a key to the store once', async () => {
      const { sut, store } = setup();
      const totals = await Promise.all([1, 2, 3].map((hits) => sut.count('k_60', hits, 60)));
      assert.deepEqual(totals, [1, 3, 6]);
      assert.deepEqual(store.exactCounts, [['k_60', 1]]);
    });

    it('lets the caller of a failed exact count see the error and the next caller try again', async () => {
      const { sut, store } = setup();
      store.isDown = true;
      const failed = await Promise.allSettled([sut.count('k_60', 1, 60), sut.count('k_60', 1, 60)]);
      assert.deepEqual(
        failed.map((result) => result.status),
        ['rejected', 'rejected'],
      );
      assert.equal(store.exactCounts.length, 2);
      assert.equal(sut.stats().cachedKeys, 0);
      store.isDown = false;
      assert.equal(await sut.count('k_60', 1, 60), 1);
    });

    it('counts exactly again once the last read is older than maxReadAgeMs', async () => {
      const { sut, store, timer } = setup({ maxReadAgeMs: 500 });
      await sut.count('k_60', 1, 60);
      store.values.set('k_60', 40); // other replicas counted meanwhile
      await timer.advance(500);
      assert.equal(sut.countCached('k_60', 1), 2, 'a read exactly 500 ms old still answers');
      await timer.advance(250); // the flush at 750 sends the hit and reads 41
      assert.equal(store.values.get('k_60'), 41);
      assert.equal(sut.countCached('k_60', 0), 41);
      await timer.advance(750); // idle since: the flush at 1500 drops the key (read at 750)
      assert.deepEqual([sut.stats().cachedKeys, sut.stats().expirations], [0, 1]);
      assert.equal(sut.countCached('k_60', 1), undefined);
      assert.equal(await sut.count('k_60', 1, 60), 42);
    });
  });

  describe('the bound on keys', () => {
    it('makes room by dropping the key clean the longest, and counts it', async () => {
      const { sut, store } = setup({ maxKeys: 2 });
      await sut.count('a_60', 1, 60);
      await sut.count('b_60', 1, 60);
      await sut.count('c_60', 1, 60);
      assert.deepEqual([sut.stats().cachedKeys, sut.stats().evictions], [2, 1]);
      assert.equal(sut.countCached('a_60', 1), undefined);
      assert.equal(sut.countCached('b_60', 1), 2);
      assert.deepEqual(store.exactCounts, [
        ['a_60', 1],
        ['b_60', 1],
        ['c_60', 1],
      ]);
    });

    it('never drops a key with hits pending: a new key is then counted exactly', async () => {
      const { sut, store } = setup({ maxKeys: 2 });
      await sut.count('a_60', 1, 60);
      await sut.count('b_60', 1, 60);
      sut.countCached('a_60', 5);
      sut.countCached('b_60', 7);
      assert.equal(await sut.count('c_60', 1, 60), 1);
      assert.equal(await sut.count('c_60', 1, 60), 2);
      const stats = sut.stats();
      assert.deepEqual(
        [stats.cachedKeys, stats.evictions, stats.uncachedAtBound, stats.pendingHits],
        [2, 0, 2, 12],
      );
      assert.equal(await sut.flushNow(), 0);
      assert.deepEqual([store.values.get('a_60'), store.values.get('b_60')], [6, 8]);
      await sut.count('c_60', 1, 60);
      assert.deepEqual([sut.stats().evictions, sut.stats().uncachedAtBound], [1, 2]);
    });
  });

  describe('hostile load', () => {
    it('loses no hit with 2,000 callers, 250 at once over 80 keys, a bound of 50, and failing flushes', async () => {
      const { sut, store, timer } = setup({ maxKeys: 50 });
      let counted = 0;
      for (let round = 0; round < 8; round++) {
        store.isDown = round % 3 === 1; // exact counts fail too: their hits are not counted
        const calls = Array.from({ length: 250 }, (_, i) => {
          const hits = (i % 3) + 1;
          return sut.count(`k${(i + round * 13) % 80}_60`, hits, 60).then(
            () => (counted += hits),
            () => undefined,
          );
        });
        await Promise.all(calls);
        assert.ok(sut.stats().cachedKeys <= 50, `${sut.stats().cachedKeys} keys held`);
        await timer.advance(250);
      }
      store.isDown = false;
      assert.equal(await sut.close(), 0);
      const stored = [...store.values.values()].reduce((sum, value) => sum + value, 0);
      assert.equal(stored, counted, 'the store holds every hit answered');
      const { pendingHits, cachedKeys, evictions, uncachedAtBound } = sut.stats();
      assert.deepEqual([pendingHits, cachedKeys <= 50], [0, true]);
      // Deterministic on the fake clock: the numbers pin the behaviour at the bound.
      assert.deepEqual([counted, evictions, uncachedAtBound], [3218, 91, 720]);
    });
  });

  describe('options', () => {
    for (const [name, value] of [
      ['flushIntervalMs', 0],
      ['maxKeys', -1],
      ['maxKeys', 1.5],
      ['maxReadAgeMs', Number.NaN],
    ] as const) {
      it(`refuses ${name} = ${value}`, () => {
        assert.throws(() => setup({ [name]: value }), StorageOptionsError);
      });
    }

    it('defaults to a 250 ms interval, 10,000 keys and reads up to 500 ms old', async () => {
      const { sut, store, timer } = setup();
      await sut.count('k_60', 1, 60);
      sut.countCached('k_60', 1);
      await timer.advance(249);
      assert.equal(store.flushes.length, 0);
      await timer.advance(1);
      assert.equal(store.flushes.length, 1);
      await timer.advance(500);
      assert.equal(sut.countCached('k_60', 1), 3, 'the read sent at 250 is 500 ms old');
      for (let i = 0; i < 10_000; i++) await sut.count(`n${i}_60`, 1, 60);
      assert.equal(sut.stats().cachedKeys, 10_000);
      assert.equal(sut.stats().evictions, 1);
    });
  });
});
