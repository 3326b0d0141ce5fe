import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createCounterStore,
  OverLimitCache,
  STORE_CAPABILITIES,
  type CounterOperation,
  type CounterOutcome,
  type CounterRead,
  type CounterStore,
} from '@repo/storage';
import { FakeClock } from '../../test/support/fake-clock';
import { testRule } from '../../test/support/rule-fixtures';
import type { PendingHits } from './algorithms/counter-algorithm';
import { HitCounter } from './hit-counter';

/** What count() set on its entries, side by side. */
type HitCounts = { outcomes: (CounterOutcome | undefined)[]; isLocalCacheHit: boolean[] };

type Call = { method: 'countMany'; args: CounterOperation[] } | { method: 'getMany'; args: CounterRead[] };

/** The real memory store, recording what it was asked (to check "GET first" and skipped keys). */
class RecordingStore implements CounterStore {
  readonly calls: Call[] = [];
  constructor(readonly inner: CounterStore) {}
  countMany(operations: readonly CounterOperation[]) {
    this.calls.push({ method: 'countMany', args: [...operations] });
    return this.inner.countMany(operations);
  }
  getMany(reads: readonly CounterRead[]) {
    this.calls.push({ method: 'getMany', args: [...reads] });
    return this.inner.getMany(reads);
  }
  flush = () => this.inner.flush();
  ready = () => this.inner.ready();
  isHealthy = () => this.inner.isHealthy();
  close = () => this.inner.close();
}

describe(HitCounter.name, () => {
  let clock: FakeClock;
  let store: RecordingStore;
  let localCache: OverLimitCache;

  beforeEach(() => {
    clock = new FakeClock(1_000_000_000);
    const now = () => clock.nowMs();
    store = new RecordingStore(
      createCounterStore({ backend: 'memory', now, random: () => 0, jitterMaxSeconds: 0, maxKeys: 1000 }),
    );
    localCache = new OverLimitCache({ sizeBytes: 0, now });
  });

  const counter = (options: { local?: boolean; stop?: boolean } = {}) => {
    const sut = new HitCounter({
      store,
      capabilities: STORE_CAPABILITIES.memory,
      localCache: options.local === false ? undefined : localCache,
      stopIncrementWhenOverLimit: options.stop ?? false,
    });
    return {
      markOverLimit: (pending: PendingHits, ttlMs: number) => sut.markOverLimit(pending, ttlMs),
      count: async (list: PendingHits[], nowMs: number): Promise<HitCounts> => {
        await sut.count(list, nowMs);
        const isLocalCacheHit = list.map((entry) => entry.localCacheUntilMs > 0);
        return { outcomes: list.map((entry) => entry.outcome), isLocalCacheHit };
      },
    };
  };
  const hits = (key: string, addend: number, limit: number): PendingHits => ({
    key,
    addend,
    rule: testRule({ requestsPerUnit: limit }),
    outcome: undefined,
    localCacheUntilMs: 0,
    isCountedCached: false,
  });
  /** The window counts and cache hits of a result (what the fixed-window cases compare). */
  const counts = (result: HitCounts) => ({
    after: result.outcomes.map((outcome) => outcome?.count ?? 0),
    isLocalCacheHit: result.isLocalCacheHit,
  });
  const stored = async (...keys: string[]) =>
    store.inner.getMany(keys.map((key) => ({ key, windowSeconds: 60 })));
  /** Puts `count` hits on `key` directly in the store. */
  const preload = (key: string, count: number) =>
    store.inner.countMany([{ key, addend: count, windowSeconds: 60 }]);

  describe('counting', () => {
    it('increments every key by its addend in one store call, in input order', async () => {
      await preload('b', 5);
      const result = await counter().count([hits('a', 1, 10), hits('b', 3, 10)], clock.nowMs());
      assert.deepEqual(counts(result), { after: [1, 8], isLocalCacheHit: [false, false] });
      assert.deepEqual(
        store.calls.map((call) => call.method),
        ['countMany'],
      );
      assert.deepEqual(store.calls[0].args, [
        { key: 'a', addend: 1, windowSeconds: 60 },
        { key: 'b', addend: 3, windowSeconds: 60 },
      ]);
    });

    it('an addend of 0 reads without counting', async () => {
      await preload('a', 11);
      assert.deepEqual(counts(await counter().count([hits('a', 0, 10)], clock.nowMs())).after, [11]);
      assert.deepEqual(await stored('a'), [11]);
    });

    it('passes the unit as the window of the key', async () => {
      await counter().count(
        [
          {
            key: 'h',
            addend: 1,
            rule: testRule({ requestsPerUnit: 5, unit: 'HOUR' }),
            outcome: undefined,
            localCacheUntilMs: 0,
            isCountedCached: false,
          },
        ],
        clock.nowMs(),
      );
      assert.deepEqual(store.calls[0].args, [{ key: 'h', addend: 1, windowSeconds: 3600 }]);
    });
  });

  describe('local over-limit cache', () => {
    it('a key marked over limit is answered locally: no store call for it, after 0', async () => {
      const sut = counter();
      sut.markOverLimit(hits('a', 1, 10), 60_000);
      const result = await sut.count([hits('a', 1, 10), hits('b', 1, 10)], clock.nowMs());
      assert.deepEqual(counts(result), { after: [0, 1], isLocalCacheHit: [true, false] });
      assert.deepEqual(store.calls[0].args, [{ key: 'b', addend: 1, windowSeconds: 60 }]);
      assert.deepEqual(await stored('a', 'b'), [0, 1]);
    });

    it('when every key is cached the store is not called at all', async () => {
      const sut = counter();
      sut.markOverLimit(hits('a', 1, 10), 60_000);
      assert.deepEqual(counts(await sut.count([hits('a', 2, 10)], clock.nowMs())), {
        after: [0],
        isLocalCacheHit: [true],
      });
      assert.deepEqual(store.calls, []);
    });

    it('the mark lasts one unit (TTL = unit seconds)', async () => {
      const sut = counter();
      sut.markOverLimit(hits('a', 1, 10), 60_000);
      clock.advance(59_999);
      assert.deepEqual((await sut.count([hits('a', 1, 10)], clock.nowMs())).isLocalCacheHit, [true]);
      clock.advance(1);
      assert.deepEqual((await sut.count([hits('a', 1, 10)], clock.nowMs())).isLocalCacheHit, [false]);
    });

    it('the mark is kept per limit value (envoyproxy/ratelimit#1077): a higher override on the same key is counted', async () => {
      const sut = counter();
      sut.markOverLimit(hits('a', 1, 10), 60_000);
      assert.deepEqual((await sut.count([hits('a', 1, 100)], clock.nowMs())).isLocalCacheHit, [false]);
    });

    it('without a local cache (LOCAL_CACHE_SIZE_IN_BYTES=0) marking is a no-op and every key is sent', async () => {
      const sut = counter({ local: false });
      sut.markOverLimit(hits('a', 1, 10), 60_000);
      assert.deepEqual(counts(await sut.count([hits('a', 1, 10)], clock.nowMs())), {
        after: [1],
        isLocalCacheHit: [false],
      });
    });
  });

  describe('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT', () => {
    it('any local-cache hit: the other keys are incremented by 0, the cached key is not sent, no GET', async () => {
      await preload('b', 4);
      const sut = counter({ stop: true });
      sut.markOverLimit(hits('a', 1, 10), 60_000);
      const result = await sut.count([hits('a', 1, 10), hits('b', 2, 10)], clock.nowMs());
      assert.deepEqual(counts(result), { after: [0, 4], isLocalCacheHit: [true, false] });
      assert.deepEqual(store.calls, [
        { method: 'countMany', args: [{ key: 'b', addend: 0, windowSeconds: 60 }] },
      ]);
      assert.deepEqual(await stored('b'), [4]);
    });

    it('GET pipeline first; no key flagged -> normal increments', async () => {
      await preload('a', 3);
      const result = await counter({ stop: true }).count([hits('a', 2, 10), hits('b', 1, 10)], clock.nowMs());
      assert.deepEqual(counts(result).after, [5, 1]);
      assert.deepEqual(
        store.calls.map((call) => [
          call.method,
          call.args.map((arg) => ('addend' in arg ? arg.addend : arg.key)),
        ]),
        [
          ['getMany', ['a', 'b']],
          ['countMany', [2, 1]],
        ],
      );
    });

    it('a key is flagged when current + addend > L (not when it reaches L exactly)', async () => {
      await preload('a', 8);
      await preload('b', 9);
      // a: 8 + 2 = 10 is not over 10; b: 9 + 2 = 11 is.
      const result = await counter({ stop: true }).count([hits('a', 2, 10), hits('b', 2, 10)], clock.nowMs());
      assert.deepEqual(counts(result).after, [8, 11]);
      assert.deepEqual(await stored('a', 'b'), [8, 11]);
    });

    it('only flagged keys are incremented; unflagged keys get INCRBY 0', async () => {
      await preload('key4', 13);
      await preload('key5', 14);
      const result = await counter({ stop: true }).count(
        [hits('key4', 1, 15), hits('key5', 1, 14)],
        clock.nowMs(),
      );
      // key4 stays at 13 (remaining 2 once judged with L=15), key5 goes over.
      assert.deepEqual(counts(result), { after: [13, 15], isLocalCacheHit: [false, false] });
      assert.deepEqual(store.calls[1], {
        method: 'countMany',
        args: [
          { key: 'key4', addend: 0, windowSeconds: 60 },
          { key: 'key5', addend: 1, windowSeconds: 60 },
        ],
      });
    });

    it('a missing key reads as 0', async () => {
      const result = await counter({ stop: true }).count(
        [hits('new', 11, 10), hits('other', 1, 10)],
        clock.nowMs(),
      );
      assert.deepEqual(counts(result).after, [11, 0]);
    });

    it('off: keys are incremented even when another is over, no GET', async () => {
      await preload('b', 14);
      const result = await counter({ stop: false }).count(
        [hits('a', 1, 15), hits('b', 1, 14)],
        clock.nowMs(),
      );
      assert.deepEqual(counts(result).after, [1, 15]);
      assert.deepEqual(
        store.calls.map((call) => call.method),
        ['countMany'],
      );
    });
  });
});
