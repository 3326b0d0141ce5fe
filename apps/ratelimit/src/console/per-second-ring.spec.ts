import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PerSecondRing } from './per-second-ring';

describe(PerSecondRing.name, () => {
  it('keeps one total per second, oldest first, zeros for seconds without hits', () => {
    const sut = new PerSecondRing(5);
    sut.add(100, 3);
    sut.add(100, 2);
    sut.add(102, 7);
    assert.deepEqual(sut.series(102), [0, 0, 5, 0, 7]);
    assert.deepEqual(sut.series(104), [5, 0, 7, 0, 0]);
    assert.deepEqual(sut.series(102, 2), [0, 7]);
    assert.deepEqual(sut.series(102, 0), []);
  });

  it('forgets seconds that left the ring, also when writes skip past whole turns', () => {
    const sut = new PerSecondRing(3);
    sut.add(10, 1);
    sut.add(11, 2);
    sut.add(12, 3);
    sut.add(14, 4); // 11 and 12 stay, 13 was empty
    assert.deepEqual(sut.series(14), [3, 0, 4]);
    sut.add(100, 9);
    assert.deepEqual(sut.series(100), [0, 0, 9]);
  });

  it('ignores a second older than the ring and adds to a second still in it', () => {
    const sut = new PerSecondRing(3);
    sut.add(20, 1);
    sut.add(17, 5); // 20 - 3: gone
    sut.add(18, 6);
    assert.deepEqual(sut.series(20), [6, 0, 1]);
  });

  it('sums the last n seconds', () => {
    const sut = new PerSecondRing(4);
    for (let second = 1; second <= 6; second++) sut.add(second, second);
    assert.equal(sut.sum(6, 2), 11);
    assert.equal(sut.sum(6, 10), 3 + 4 + 5 + 6);
  });

  it('holds at most 2^32 - 1 per second', () => {
    const sut = new PerSecondRing(2);
    sut.add(1, 0xffffffff);
    sut.add(1, 10);
    assert.deepEqual(sut.series(1), [0, 0xffffffff]);
  });

  it('refuses a capacity below 1', () => {
    assert.throws(() => new PerSecondRing(0), /capacity must be >= 1, got 0/);
  });
});
