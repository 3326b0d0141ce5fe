import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Counter, Gauge, Timer } from './stat-metrics';

describe(Counter.name, () => {
  it('adds 1 by default or the amount given; flushed starts at 0', () => {
    const sut = new Counter('c');
    sut.add();
    sut.add(4);
    sut.add(0);
    assert.deepEqual([sut.name, sut.value, sut.flushed], ['c', 5, 0]);
  });
});

describe(Gauge.name, () => {
  it('keeps the last value set', () => {
    const sut = new Gauge('g');
    sut.set(3);
    sut.set(1);
    assert.equal(sut.value, 1);
  });
});

describe(Timer.name, () => {
  it('counts, sums and hands out the pending samples once', () => {
    const sut = new Timer('t');
    sut.record(2);
    sut.record(3);
    assert.deepEqual([sut.count, sut.sumMs], [2, 5]);
    assert.deepEqual(sut.takePending(), [2, 3]);
    assert.deepEqual(sut.takePending(), []);
  });

  it('keeps at most 10000 pending samples while still counting every one', () => {
    const sut = new Timer('t');
    for (let i = 0; i < 10005; i++) sut.record(1);
    assert.equal(sut.takePending().length, 10000);
    assert.deepEqual([sut.count, sut.sumMs], [10005, 10005]);
  });
});
