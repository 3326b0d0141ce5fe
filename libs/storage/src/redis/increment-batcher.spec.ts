import { describe, it, beforeEach, afterEach, mock } from 'node:test';
import assert from 'node:assert/strict';
import { StoreUnavailableError } from '../store-unavailable-error';
import { IncrementBatcher, PendingIncrements, type BatchExecutor } from './increment-batcher';

interface SentBatch {
  keys: string[];
  addends: number[];
  ttls: number[];
}

/** A fake Redis: keeps counters, records every batch it receives. */
function fakeRedis(): { execute: BatchExecutor; sent: SentBatch[]; values: Map<string, number> } {
  const sent: SentBatch[] = [];
  const values = new Map<string, number>();
  const execute: BatchExecutor = (keys, addends, ttls) => {
    sent.push({ keys, addends, ttls });
    return Promise.resolve(
      keys.map((key, i) => {
        const value = (values.get(key) ?? 0) + addends[i];
        values.set(key, value);
        return value;
      }),
    );
  };
  return { execute, sent, values };
}

/** setImmediate is not mocked: the batcher's one-turn flush runs for real. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function call(sut: IncrementBatcher, items: [key: string, addend: number][], ttl = 60): Promise<number[]> {
  const pending = new PendingIncrements(items.length);
  items.forEach(([key, addend], index) => sut.enqueue(pending, index, key, addend, ttl));
  return pending.promise;
}

describe(IncrementBatcher.name, () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  it('sends the increments of one event-loop turn as one batch, merging repeated keys', async () => {
    const redis = fakeRedis();
    redis.values.set('k', 10);
    const sut = new IncrementBatcher({ execute: redis.execute, windowMs: 0, limit: 0, timeoutMs: 300 });
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
    assert.deepEqual(redis.sent, [{ keys: ['k', 'other'], addends: [6, 5], ttls: [60, 60] }]);
  });

  it('waits for the pipeline window when one is set', async () => {
    const redis = fakeRedis();
    const sut = new IncrementBatcher({ execute: redis.execute, windowMs: 5, limit: 0, timeoutMs: 300 });
    const first = call(sut, [['a', 1]]);
    mock.timers.tick(4);
    const second = call(sut, [['b', 1]]);
    assert.equal(redis.sent.length, 0);
    mock.timers.tick(1);
    assert.deepEqual([await first, await second], [[1], [1]]);
    assert.deepEqual(
      redis.sent.map((batch) => batch.keys),
      [['a', 'b']],
    );
  });

  it('treats a sub-millisecond window (150us) as one event-loop turn', async () => {
    const redis = fakeRedis();
    const sut = new IncrementBatcher({ execute: redis.execute, windowMs: 0.15, limit: 0, timeoutMs: 300 });
    const first = call(sut, [['a', 1]]);
    const second = call(sut, [['a', 1]]);
    assert.deepEqual([await first, await second], [[1], [2]]);
    assert.equal(redis.sent.length, 1);
  });

  it('flushes early once the batch holds `limit` commands', async () => {
    const redis = fakeRedis();
    const sut = new IncrementBatcher({ execute: redis.execute, windowMs: 1000, limit: 4, timeoutMs: 300 });
    const counts = call(sut, [
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ]);
    assert.deepEqual(
      redis.sent.map((batch) => batch.keys),
      [['a', 'b']],
    );
    await nextTurn();
    mock.timers.tick(1000);
    assert.deepEqual(await counts, [1, 1, 1]);
    assert.deepEqual(
      redis.sent.map((batch) => batch.keys),
      [['a', 'b'], ['c']],
    );
  });

  it('fails every caller of a batch with StoreUnavailableError naming the cause', async () => {
    const execute: BatchExecutor = () => Promise.reject(new Error('ECONNREFUSED 127.0.0.1:1'));
    const sut = new IncrementBatcher({ execute, windowMs: 0, limit: 0, timeoutMs: 300 });
    const first = call(sut, [['a', 1]]);
    const second = call(sut, [['b', 1]]);
    for (const counts of [first, second]) {
      await assert.rejects(counts, (error: unknown) => {
        assert.ok(error instanceof StoreUnavailableError);
        assert.equal(error.message, 'redis counter store unavailable: ECONNREFUSED 127.0.0.1:1');
        assert.equal((error.cause as Error).message, 'ECONNREFUSED 127.0.0.1:1');
        return true;
      });
    }
  });

  it('fails callers after timeoutMs when the store does not answer', async () => {
    const execute: BatchExecutor = () => new Promise(() => undefined);
    const sut = new IncrementBatcher({ execute, windowMs: 0, limit: 0, timeoutMs: 300 });
    const counts = call(sut, [['a', 1]]);
    await nextTurn();
    mock.timers.tick(300);
    await assert.rejects(counts, {
      name: 'StoreUnavailableError',
      message: 'redis counter store unavailable: no answer within 300 ms (KV_TIMEOUT)',
    });
  });
});

describe(PendingIncrements.name, () => {
  it('resolves once every slot is filled, in slot order', async () => {
    const sut = new PendingIncrements(2);
    sut.fill(1, 7);
    sut.fill(0, 3);
    assert.deepEqual(await sut.promise, [3, 7]);
  });

  it('rejects once and ignores later results', async () => {
    const sut = new PendingIncrements(2);
    sut.fail(new Error('down'));
    sut.fail(new Error('again'));
    sut.fill(0, 1);
    sut.fill(1, 1);
    await assert.rejects(sut.promise, /down/);
  });
});
