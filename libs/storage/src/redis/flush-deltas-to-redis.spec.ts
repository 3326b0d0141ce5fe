import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StoreUnavailableError } from '../store-unavailable-error';
import type { BatchLayout } from './batch-layout';
import { flushDeltasToRedis } from './flush-deltas-to-redis';
import type { RedisExecutor } from './redis-executor';

/** An executor that records the layouts it is given and answers `counts`. */
function recordingExecutor(counts: (number | StoreUnavailableError)[]) {
  const layouts: BatchLayout[] = [];
  const executor = {
    incrementEach: (layout: BatchLayout) => {
      layouts.push(layout);
      return Promise.resolve(counts);
    },
  } as unknown as RedisExecutor;
  return { executor, layouts };
}

describe(flushDeltasToRedis.name, () => {
  it('sends the deltas as one batch of fixed-window counters and answers their totals', async () => {
    const refused = new StoreUnavailableError('redis', 'cannot count key "b"');
    const { executor, layouts } = recordingExecutor([7, refused]);
    const answers = await flushDeltasToRedis(executor, [
      { key: 'a', delta: 3, expirySeconds: 60 },
      { key: 'b', delta: 1, expirySeconds: 61 },
    ]);
    assert.deepEqual(answers, [7, refused]);
    assert.equal(layouts.length, 1);
    assert.deepEqual(layouts[0].counters, [
      { key: 'a', addend: 3, ttlSeconds: 60, slidingWindowSeconds: 0 },
      { key: 'b', addend: 1, ttlSeconds: 61, slidingWindowSeconds: 0 },
    ]);
    assert.deepEqual(layouts[0].takes, []);
  });

  it('sends no round trip for no deltas', async () => {
    const { executor, layouts } = recordingExecutor([]);
    assert.deepEqual(await flushDeltasToRedis(executor, []), []);
    assert.equal(layouts.length, 0);
  });
});
