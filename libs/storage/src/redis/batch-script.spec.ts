import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toScriptGroups } from './batch-script';

describe(toScriptGroups.name, () => {
  it('groups counters by addend, TTL and window (0 = fixed), in first-seen order', () => {
    const groups = toScriptGroups({
      counterKeys: ['f1', 'f2', 'f3', 'f4', 's1', 's2'],
      addends: [1, 2, 1, 1, 1, 1],
      ttlSeconds: [60, 60, 60, 3600, 120, 120],
      slidingWindowSeconds: [60, 60],
      takes: [],
    });
    assert.deepEqual(groups, [
      { addend: 1, ttlSeconds: 60, windowSeconds: 0, counters: [0, 2] },
      { addend: 2, ttlSeconds: 60, windowSeconds: 0, counters: [1] },
      { addend: 1, ttlSeconds: 3600, windowSeconds: 0, counters: [3] },
      { addend: 1, ttlSeconds: 120, windowSeconds: 60, counters: [4, 5] },
    ]);
  });

  it('keeps a fixed and a sliding counter with the same TTL apart', () => {
    const groups = toScriptGroups({
      counterKeys: ['f', 's'],
      addends: [0, 0],
      ttlSeconds: [120, 120],
      slidingWindowSeconds: [60],
      takes: [],
    });
    assert.deepEqual(
      groups.map((group) => [group.windowSeconds, group.counters]),
      [
        [0, [0]],
        [60, [1]],
      ],
    );
  });
});
