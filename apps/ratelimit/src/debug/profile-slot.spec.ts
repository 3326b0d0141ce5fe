import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProfileSlot } from './profile-slot';

describe(ProfileSlot.name, () => {
  it('gives the slot to one profile and says to the next which one runs and how long still', () => {
    let nowMs = 1000;
    const sut = new ProfileSlot(() => nowMs);
    const cpu = sut.take('CPU', 30);
    assert.equal(cpu.isTaken, true);
    nowMs += 12_500;
    assert.deepEqual(sut.take('heap', 10), {
      isTaken: false,
      retryAfterSeconds: 18,
      message:
        'a CPU profile is running (about 18 s left): one profile at a time on the debug listener, CPU or heap; retry after it',
    });
    assert.equal(sut.take('CPU', 1).isTaken, false);
  });

  it('frees the slot on release, and a second release does not free a later holder', () => {
    let nowMs = 0;
    const sut = new ProfileSlot(() => nowMs);
    const first = sut.take('heap', 5);
    if (!first.isTaken) assert.fail('free at first');
    first.release();
    const second = sut.take('CPU', 5);
    assert.equal(second.isTaken, true);
    first.release();
    nowMs = 10_000; // past its end, still stopping: retry in at least 1 s
    const third = sut.take('CPU', 5);
    assert.equal(third.isTaken ? 0 : third.retryAfterSeconds, 1);
  });
});
