import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CounterOperation } from '../counter-store';
import { PendingOutcomes, type AppliedHitsUndo } from './pending-outcomes';

const operations: CounterOperation[] = [
  { key: 'a', addend: 2, windowSeconds: 60 },
  { key: 'zero', addend: 0, windowSeconds: 60 },
  {
    primitive: 'take_tokens',
    key: 'b',
    addend: 1,
    windowSeconds: 60,
    nowMs: 0,
    emissionIntervalMs: 1000,
    toleranceMs: 1000,
  },
  { primitive: 'increment_and_read_previous', key: 's_60', addend: 3, windowSeconds: 60 },
];

function recordingUndo(): AppliedHitsUndo & { undone: string[][] } {
  const undone: string[][] = [];
  return {
    undone,
    undoApplied: (ops, indexes) => undone.push(indexes.map((i) => ops[i].key)),
  };
}

describe(PendingOutcomes.name, () => {
  it('resolves once every part is in and takes nothing back', async () => {
    const undo = recordingUndo();
    const sut = new PendingOutcomes(4, operations, undo);
    sut.expect(5);
    sut.fillCount(0, 2);
    sut.fillCount(1, 0);
    sut.fillTake(2, true, 0);
    sut.fillCount(3, 3);
    sut.fillPreviousCount(3, 7);
    const outcomes = await sut.promise;
    assert.deepEqual(
      outcomes.map((o) => [o.count, o.previousCount, o.isAllowed]),
      [
        [2, 0, true],
        [0, 0, true],
        [0, 0, true],
        [3, 7, true],
      ],
    );
    assert.deepEqual(undo.undone, []);
  });

  it('a failure takes back the parts applied before it (not addend 0, not a refused take), and those after it', async () => {
    const undo = recordingUndo();
    const sut = new PendingOutcomes(4, operations, undo);
    sut.expect(5);
    sut.fillCount(0, 2);
    sut.fillCount(1, 0);
    sut.fail(new Error('key s_0 failed'));
    assert.equal(sut.isFailed, true);
    assert.deepEqual(undo.undone, [['a']]);
    sut.fillTake(2, true, 0);
    sut.fillCount(3, 3);
    sut.fail(new Error('a second failure changes nothing'));
    assert.deepEqual(undo.undone, [['a'], ['b'], ['s_60']]);
    await assert.rejects(sut.promise, /key s_0 failed/);
  });

  it('a refused take is nothing to take back', async () => {
    const undo = recordingUndo();
    const sut = new PendingOutcomes(4, operations, undo);
    sut.expect(5);
    sut.fillTake(2, false, 5);
    sut.fail(new Error('x'));
    await assert.rejects(sut.promise);
    assert.deepEqual(undo.undone, []);
  });

  it('without an undo (the batcher tests), a failure only rejects', async () => {
    const sut = new PendingOutcomes(1);
    sut.expect(1);
    sut.fail(new Error('x'));
    sut.fillCount(0, 1);
    await assert.rejects(sut.promise, /x/);
  });
});
