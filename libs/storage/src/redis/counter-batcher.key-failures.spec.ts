// CounterBatcher when a key of a batch fails on its own or saturates (docs/stores.md#an-error-on-one-key,
// docs/stores.md#saturated-counters): only that key's callers fail, their applied hits are taken
// back, and the counts of the others leave them out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CounterOperation } from '../counter-store';
import { COUNTER_CEILING } from '../saturate-count';
import type { BatchReply } from './batch-layout';
import { CounterBatcher, type BatchExecutor } from './counter-batcher';
import { keyFailure } from './key-replies';
import { PendingOutcomes, type AppliedHitsUndo } from './pending-outcomes';

const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';

/** A fake Redis: counters as given (`values`), `broken` keys answer their key failure. */
function fakeRedis(values: Map<string, number>, broken: ReadonlySet<string>): BatchExecutor {
  return (layout) => {
    const counts = layout.counters.map(({ key, addend }) => {
      if (broken.has(key)) return keyFailure(key, WRONGTYPE);
      values.set(key, (values.get(key) ?? 0) + addend);
      return values.get(key)!;
    });
    const previousCounts = layout.counters.map(() => keyFailure('previous', WRONGTYPE));
    const takes = layout.takes.map((take) =>
      broken.has(take.key) ? keyFailure(take.key, WRONGTYPE) : { isAllowed: true, tatBeforeMs: 0 },
    );
    return Promise.resolve<BatchReply>({ counts, previousCounts, takes });
  };
}

/** Records what the store is asked to take back. */
function recordingUndo(): AppliedHitsUndo & { undone: string[] } {
  const undone: string[] = [];
  return {
    undone,
    undoApplied: (operations, indexes) => undone.push(...indexes.map((i) => operations[i].key)),
  };
}

/** One caller: enqueues its operations as RedisCounterStore does; resolves to its counts. */
function call(sut: CounterBatcher, operations: CounterOperation[], undo: AppliedHitsUndo): Promise<number[]> {
  const pending = new PendingOutcomes(operations.length, operations, undo);
  pending.expect(
    operations.reduce((parts, op) => parts + (op.primitive === 'increment_and_read_previous' ? 2 : 1), 0),
  );
  operations.forEach((op, i) => {
    if (op.primitive === 'take_tokens') sut.enqueueTake(pending, i, op);
    else if (op.primitive === 'increment_and_read_previous')
      sut.enqueueIncrement(pending, i, op.key, op.addend, 120, 60);
    else sut.enqueueIncrement(pending, i, op.key, op.addend, 60);
  });
  return pending.promise.then((outcomes) => outcomes.map((outcome) => outcome.count));
}

const fixed = (key: string, addend: number): CounterOperation => ({ key, addend, windowSeconds: 60 });

describe(`${CounterBatcher.name}: one key's failure or saturation`, () => {
  it("fails only that key's callers; their hits are taken back and left out of the others' counts", async () => {
    const values = new Map<string, number>();
    const sut = new CounterBatcher({
      execute: fakeRedis(values, new Set(['bad', 'bucket'])),
      windowMs: 0,
      limit: 0,
      timeoutMs: 300,
    });
    const undo = recordingUndo();
    const before = call(sut, [fixed('shared', 1)], undo);
    const failing = call(sut, [fixed('shared', 5), fixed('bad', 1), fixed('other', 2)], undo);
    const taking = call(
      sut,
      [
        fixed('mine', 3),
        {
          primitive: 'take_tokens',
          key: 'bucket',
          addend: 1,
          windowSeconds: 60,
          nowMs: 0,
          emissionIntervalMs: 1,
          toleranceMs: 1,
        },
      ],
      undo,
    );
    const sliding = call(
      sut,
      [{ primitive: 'increment_and_read_previous', key: 's_600', addend: 4, windowSeconds: 60 }],
      undo,
    );
    const after = call(sut, [fixed('shared', 1)], undo);
    await assert.rejects(failing, {
      message: `redis counter store unavailable: cannot count key "bad": ${WRONGTYPE}`,
    });
    await assert.rejects(taking, {
      message: `redis counter store unavailable: cannot count key "bucket": ${WRONGTYPE}`,
    });
    await assert.rejects(sliding, {
      message: `redis counter store unavailable: cannot count key "previous": ${WRONGTYPE}`,
    });
    assert.deepEqual(await Promise.all([before, after]), [[1], [2]]);
    assert.deepEqual(undo.undone.sort(), ['mine', 'other', 's_600', 'shared']);
  });

  it('a saturated counter answers the ceiling to every caller of the key', async () => {
    const values = new Map([['top', 2 ** 53 + 10]]); // as a count Redis answered above 2^53 - 1
    const sut = new CounterBatcher({
      execute: fakeRedis(values, new Set()),
      windowMs: 0,
      limit: 0,
      timeoutMs: 300,
    });
    const undo = recordingUndo();
    const first = call(sut, [fixed('top', 1), fixed('other', 1)], undo);
    const second = call(sut, [fixed('top', 1)], undo);
    assert.deepEqual(await Promise.all([first, second]), [[COUNTER_CEILING, 1], [COUNTER_CEILING]]);
    assert.deepEqual(undo.undone, []);
  });
});
