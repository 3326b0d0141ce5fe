import { describe, it, beforeEach, afterEach, mock } from 'node:test';
import assert from 'node:assert/strict';
import type { CounterOutcome, TokenBucketTake } from '../counter-store';
import { StoreUnavailableError } from '../store-unavailable-error';
import { takeTokens } from '../take-tokens';
import { BatchLayout } from './batch-layout';
import { CounterBatcher, type BatchExecutor } from './counter-batcher';
import { PendingOutcomes } from './pending-outcomes';

/** What a batch asked for, one array per field (window 0 = a fixed window). */
interface SentBatch {
  readonly counterKeys: string[];
  readonly addends: number[];
  readonly ttlSeconds: number[];
  readonly slidingWindowSeconds: number[];
  readonly takes: TokenBucketTake[];
}

function summary({ counters, takes }: BatchLayout): SentBatch {
  return {
    counterKeys: counters.map((counter) => counter.key),
    addends: counters.map((counter) => counter.addend),
    ttlSeconds: counters.map((counter) => counter.ttlSeconds),
    slidingWindowSeconds: counters.map((counter) => counter.slidingWindowSeconds),
    takes: [...takes],
  };
}

/** A fake Redis: keeps counters and bucket TATs, records every batch it receives. */
function fakeRedis(): { execute: BatchExecutor; sent: SentBatch[]; values: Map<string, number> } {
  const sent: SentBatch[] = [];
  const values = new Map<string, number>();
  const execute: BatchExecutor = (layout) => {
    sent.push(summary(layout));
    const counts = layout.counters.map(({ key, addend }) => {
      const value = (values.get(key) ?? 0) + addend;
      values.set(key, value);
      return value;
    });
    const previousCounts = layout.counters.map((counter) =>
      counter.slidingWindowSeconds > 0 ? (values.get(BatchLayout.previousKeyOf(counter)) ?? 0) : 0,
    );
    const takes = layout.takes.map((take) => {
      const tatBeforeMs = values.get(take.key) ?? 0;
      const { isAllowed, newTatMs } = takeTokens(
        tatBeforeMs,
        take.addend,
        take.nowMs,
        take.emissionIntervalMs,
        take.toleranceMs,
      );
      if (isAllowed) values.set(take.key, newTatMs);
      return { isAllowed, tatBeforeMs };
    });
    return Promise.resolve({ counts, previousCounts, takes });
  };
  return { execute, sent, values };
}

/** setImmediate is not mocked: the batcher's one-turn flush runs for real. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Fixed-window increments of one caller; resolves to the counts. */
async function call(
  sut: CounterBatcher,
  items: [key: string, addend: number][],
  ttl = 60,
): Promise<number[]> {
  const pending = new PendingOutcomes(items.length);
  pending.expect(items.length);
  items.forEach(([key, addend], index) => sut.enqueueIncrement(pending, index, key, addend, ttl));
  return (await pending.promise).map((outcome) => outcome.count);
}

const take = (key: string, addend: number): TokenBucketTake => ({
  primitive: 'take_tokens',
  key,
  addend,
  windowSeconds: 60,
  nowMs: 1_000_000,
  emissionIntervalMs: 1000,
  toleranceMs: 2000,
});

describe(CounterBatcher.name, () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('sends the increments of one event-loop turn as one batch, merging repeated keys (longest lifetime)', async () => {
    const redis = fakeRedis();
    redis.values.set('k', 10);
    const sut = new CounterBatcher({ execute: redis.execute, windowMs: 0, limit: 0, timeoutMs: 300 });
    const first = call(sut, [
      ['k', 1],
      ['other', 5],
    ]);
    const second = call(sut, [['k', 2]]);
    const third = call(sut, [['k', 3]], 99);
    assert.equal(redis.sent.length, 0);
    assert.deepEqual(await first, [11, 5]);
    assert.deepEqual(await second, [13]);
    assert.deepEqual(await third, [16]);
    assert.deepEqual(redis.sent, [
      {
        counterKeys: ['k', 'other'],
        addends: [6, 5],
        ttlSeconds: [99, 60],
        slidingWindowSeconds: [0, 0],
        takes: [],
      },
    ]);
  });

  it('puts sliding windows (increment + read of the previous window) and token bucket takes in the same batch', async () => {
    const redis = fakeRedis();
    redis.values.set('k_540', 7); // the window before k_600
    const sut = new CounterBatcher({ execute: redis.execute, windowMs: 0, limit: 0, timeoutMs: 300 });
    const sliding = new PendingOutcomes(3);
    sliding.expect(5);
    sut.enqueueIncrement(sliding, 0, 'k_600', 1, 120, 60);
    sut.enqueueIncrement(sliding, 1, 'fixed', 5, 60);
    sut.enqueueIncrement(sliding, 2, 'k_600', 2, 120, 60);
    const buckets = new PendingOutcomes(3);
    buckets.expect(3);
    [take('b', 2), take('b', 1), take('b', 0)].forEach((item, i) => sut.enqueueTake(buckets, i, item));
    const outcomes = (await sliding.promise).map((o) => [o.count, o.previousCount]);
    assert.deepEqual(outcomes, [
      [1, 7],
      [5, 0],
      [3, 7],
    ]);
    const taken = (await buckets.promise).map((o: CounterOutcome) => [o.isAllowed, o.tatBeforeMs]);
    // burst 2: two tokens fit, the third does not; 0 only reads (and sees the TAT the first set)
    assert.deepEqual(taken, [
      [true, 0],
      [false, 1_002_000],
      [true, 1_002_000],
    ]);
    assert.equal(redis.sent.length, 1);
    // each counter once, in first-seen order, with its window; the previous key is not sent
    const [sent] = redis.sent;
    assert.deepEqual(
      [sent.counterKeys, sent.addends, sent.ttlSeconds, sent.slidingWindowSeconds, sent.takes.length],
      [['k_600', 'fixed'], [3, 5], [120, 60], [60, 0], 3],
    );
  });

  it('draws the expiry (jitter) once per lifetime and batch', async () => {
    const redis = fakeRedis();
    const lifetimes: number[] = [];
    const ttlOf = (lifetimeSeconds: number) => {
      lifetimes.push(lifetimeSeconds);
      return lifetimeSeconds + lifetimes.length; // a different jitter on every draw
    };
    const sut = new CounterBatcher({ execute: redis.execute, windowMs: 0, limit: 0, timeoutMs: 300, ttlOf });
    const first = call(sut, [
      ['a', 1],
      ['b', 1],
    ]);
    const second = call(sut, [['c', 1]], 3600);
    const third = call(sut, [['d', 1]]);
    await Promise.all([first, second, third]);
    await call(sut, [['e', 1]]);
    assert.deepEqual(lifetimes, [60, 3600, 60]);
    assert.deepEqual(
      redis.sent.map((batch) => batch.ttlSeconds),
      [[61, 61, 3602, 61], [63]],
    );
  });

  it('waits for the pipeline window when one is set', async () => {
    const redis = fakeRedis();
    const sut = new CounterBatcher({ execute: redis.execute, windowMs: 5, limit: 0, timeoutMs: 300 });
    const first = call(sut, [['a', 1]]);
    mock.timers.tick(4);
    const second = call(sut, [['b', 1]]);
    assert.equal(redis.sent.length, 0);
    mock.timers.tick(1);
    assert.deepEqual([await first, await second], [[1], [1]]);
    assert.deepEqual(
      redis.sent.map((batch) => batch.counterKeys),
      [['a', 'b']],
    );
  });

  it('treats a sub-millisecond window (150us) as one event-loop turn', async () => {
    const redis = fakeRedis();
    const sut = new CounterBatcher({ execute: redis.execute, windowMs: 0.15, limit: 0, timeoutMs: 300 });
    const first = call(sut, [['a', 1]]);
    const second = call(sut, [['a', 1]]);
    assert.deepEqual([await first, await second], [[1], [2]]);
    assert.equal(redis.sent.length, 1);
  });

  it('flushes early once the batch holds `limit` commands (2 per counter, 1 more if sliding, 1 per take)', async () => {
    const redis = fakeRedis();
    const sut = new CounterBatcher({ execute: redis.execute, windowMs: 1000, limit: 4, timeoutMs: 300 });
    const counts = call(sut, [
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    assert.deepEqual(
      redis.sent.map((batch) => batch.counterKeys),
      [['a', 'b']],
    );
    const pending = new PendingOutcomes(2);
    pending.expect(3);
    sut.enqueueIncrement(pending, 0, 'r_120', 1, 120, 60); // c (2) + r_120 (3 with its GET): sent
    sut.enqueueTake(pending, 1, take('t', 1)); // 1 command: waits for the window
    await nextTurn();
    mock.timers.tick(1000);
    assert.deepEqual(
      redis.sent.map((batch) => [
        batch.counterKeys,
        batch.slidingWindowSeconds,
        batch.takes.map((t) => t.key),
      ]),
      [
        [['a', 'b'], [0, 0], []],
        [['c', 'r_120'], [0, 60], []],
        [[], [], ['t']],
      ],
    );
    assert.deepEqual(await counts, [1, 1, 1]);
    assert.equal((await pending.promise).length, 2);
  });

  it('fails every caller of a batch with StoreUnavailableError naming the cause', async () => {
    const execute: BatchExecutor = () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:1'));
    const sut = new CounterBatcher({ execute, windowMs: 0, limit: 0, timeoutMs: 300 });
    const first = call(sut, [['a', 1]]);
    const second = call(sut, [['b', 1]]);
    const reader = new PendingOutcomes(1);
    reader.expect(2);
    sut.enqueueIncrement(reader, 0, 'r_120', 1, 120, 60);
    const taker = new PendingOutcomes(1);
    taker.expect(1);
    sut.enqueueTake(taker, 0, take('t', 1));
    for (const outcome of [first, second, reader.promise, taker.promise]) {
      await assert.rejects(outcome, (error: unknown) => {
        assert.ok(error instanceof StoreUnavailableError);
        assert.equal(error.message, 'redis counter store unavailable: ECONNREFUSED 127.0.0.1:1');
        assert.equal((error.cause as Error).message, 'ECONNREFUSED 127.0.0.1:1');
        return true;
      });
    }
  });

  it('fails callers after timeoutMs when the store does not answer', async () => {
    const execute: BatchExecutor = () => new Promise(() => undefined);
    const sut = new CounterBatcher({ execute, windowMs: 0, limit: 0, timeoutMs: 300 });
    const counts = call(sut, [['a', 1]]);
    await nextTurn();
    mock.timers.tick(300);
    await assert.rejects(counts, {
      name: 'StoreUnavailableError',
      message: 'redis counter store unavailable: no answer within 300 ms (KV_TIMEOUT)',
    });
  });
});

describe(PendingOutcomes.name, () => {
  it('resolves once every expected part is in, in slot order', async () => {
    const sut = new PendingOutcomes(3);
    sut.expect(4);
    sut.fillCount(1, 7);
    sut.fillTake(2, false, 1234.5);
    sut.fillPreviousCount(0, 9);
    sut.fillCount(0, 3);
    assert.deepEqual(await sut.promise, [
      { count: 3, previousCount: 9, isAllowed: true, tatBeforeMs: 0 },
      { count: 7, previousCount: 0, isAllowed: true, tatBeforeMs: 0 },
      { count: 0, previousCount: 0, isAllowed: false, tatBeforeMs: 1234.5 },
    ]);
  });

  it('rejects once and ignores later results', async () => {
    const sut = new PendingOutcomes(2);
    sut.expect(2);
    sut.fail(new Error('down'));
    sut.fail(new Error('again'));
    sut.fillCount(0, 1);
    sut.fillCount(1, 1);
    await assert.rejects(sut.promise, /down/);
  });
});
