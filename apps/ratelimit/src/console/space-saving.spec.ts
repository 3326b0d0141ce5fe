import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeSummaries, SpaceSaving } from './space-saving';

describe(SpaceSaving.name, () => {
  it('counts exactly while there are free slots', () => {
    const sut = new SpaceSaving(3);
    for (const value of ['a', 'b', 'a', 'c', 'a', 'b']) sut.add(value);
    assert.deepEqual(sut.top(3), [
      { value: 'a', count: 3, error: 0 },
      { value: 'b', count: 2, error: 0 },
      { value: 'c', count: 1, error: 0 },
    ]);
    assert.equal(sut.total, 6);
    assert.equal(sut.minimumCount(), 1);
  });

  it('gives a new value the smallest slot, inheriting its count as the error', () => {
    const sut = new SpaceSaving(2);
    sut.add('a', 5);
    sut.add('b', 2);
    sut.add('c'); // evicts b (2): c = 2 + 1, error 2
    assert.deepEqual(sut.top(2), [
      { value: 'a', count: 5, error: 0 },
      { value: 'c', count: 3, error: 2 },
    ]);
    sut.add('b', 4); // evicts c (3): b = 3 + 4, error 3
    assert.deepEqual(sut.top(2), [
      { value: 'b', count: 7, error: 3 },
      { value: 'a', count: 5, error: 0 },
    ]);
    assert.equal(sut.total, 12);
  });

  it('keeps a value whose true count exceeds total / slots, and over-counts by at most that', () => {
    const sut = new SpaceSaving(10);
    // 1000 distinct values once each, then "heavy" 200 times, interleaved
    for (let i = 0; i < 1000; i++) {
      sut.add(`v${i}`);
      if (i % 5 === 0) sut.add('heavy');
    }
    const heavy = sut.top(1)[0];
    assert.equal(heavy.value, 'heavy');
    assert.ok(heavy.count >= 200 && heavy.count - 200 <= sut.total / 10, JSON.stringify(heavy));
    assert.equal(sut.entries().length, 10);
  });

  it('orders ties by value', () => {
    const sut = new SpaceSaving(3);
    for (const value of ['b', 'c', 'a']) sut.add(value);
    assert.deepEqual(
      sut.top(2).map(({ value }) => value),
      ['a', 'b'],
    );
  });
});

describe(mergeSummaries.name, () => {
  it('adds counts; a value missing from a full summary gets its smallest count as count and error', () => {
    const first = new SpaceSaving(2);
    first.add('a', 4);
    first.add('b', 1);
    const second = new SpaceSaving(2);
    second.add('a', 2);
    second.add('c', 3);
    assert.deepEqual(mergeSummaries([first, second], 3), [
      { value: 'a', count: 6, error: 0 },
      { value: 'c', count: 4, error: 1 }, // 3 + first's smallest (1)
      { value: 'b', count: 3, error: 2 }, // 1 + second's smallest (2)
    ]);
  });

  it('adds nothing for a summary that is not full (a missing value was not seen there)', () => {
    const first = new SpaceSaving(5);
    first.add('a', 4);
    const second = new SpaceSaving(5);
    second.add('b', 1);
    assert.deepEqual(mergeSummaries([first, second], 5), [
      { value: 'a', count: 4, error: 0 },
      { value: 'b', count: 1, error: 0 },
    ]);
  });

  it("keeps each summary's own error and adds the smallest count of every full summary missing the value", () => {
    const first = new SpaceSaving(2);
    first.add('a', 5);
    first.add('b', 2);
    first.add('c'); // evicts b: c = 3, error 2; smallest 3
    const second = new SpaceSaving(2);
    second.add('a', 1);
    second.add('d', 4); // smallest 1
    const third = new SpaceSaving(3);
    third.add('c', 2); // not full: adds nothing where a value is missing
    assert.deepEqual(mergeSummaries([first, second, third], 4), [
      { value: 'd', count: 7, error: 3 }, // first's smallest 3 + 4
      { value: 'a', count: 6, error: 0 }, // 5 + 1
      { value: 'c', count: 6, error: 3 }, // 3 (error 2) + second's smallest 1 + 2
    ]);
  });
});
