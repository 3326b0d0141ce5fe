import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProfileSlot } from './profile-slot';

describe(ProfileSlot.name, () => {
  it('gives the slot to one profile and says to the next which one runs and how long still', () => {
    let nowMs = 1000;
    const sut = new ProfileSlot(() => nowMs);
    assert.equal(sut.take('CPU', 30).isTaken, true);
    nowMs += 12_500;
    assert.deepEqual(sut.take('heap', 10), {
      isTaken: false,
      retryAfterSeconds: 18,
      message:
        'a CPU profile is running (about 18 s left): one profile at a time on the debug listener, CPU or heap; retry after it',
    });
    assert.equal(sut.take('CPU', 1).isTaken, false);
  });

  it('rests ten times the pauses of the last profile, then gives the slot again', () => {
    let nowMs = 0;
    const sut = new ProfileSlot(() => nowMs);
    const first = sut.take('heap', 1);
    if (!first.isTaken) assert.fail('free at first');
    nowMs = 1200;
    first.release(250);
    nowMs = 2000;
    assert.deepEqual(sut.take('CPU', 5), {
      isTaken: false,
      retryAfterSeconds: 2,
      message:
        'the last profile held the event loop for 250 ms; the next may start 10 times that later, in 2 s',
    });
    nowMs = 3700;
    assert.equal(sut.state(), 'free');
    assert.equal(sut.take('CPU', 5).isTaken, true);
    assert.match(sut.state(), /^a CPU profile is running \(about 5 s left\)/);
  });

  it('ignores a second release (a later holder keeps the slot)', () => {
    const sut = new ProfileSlot(() => 0);
    const first = sut.take('heap', 5);
    if (!first.isTaken) assert.fail('free at first');
    first.release(0);
    assert.equal(sut.take('CPU', 5).isTaken, true);
    first.release(0);
    assert.equal(sut.take('CPU', 5).isTaken, false);
  });
});
