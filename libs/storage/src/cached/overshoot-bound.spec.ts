import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FakeIntervalTimer } from '../../test/fake-interval-timer';
import { FakeSharedCounters } from '../../test/fake-shared-counters';
import { CachedCounter } from './cached-counter';
import { overshootBound, unseenForMs, type OvershootInputs } from './overshoot-bound';

/** The worked example of docs/stores.md#cached-counting. */
const EXAMPLE: OvershootInputs = {
  limit: 1000,
  replicas: 4,
  admittedPerSecond: 50,
  flushIntervalMs: 250,
  maxReadAgeMs: 500,
  roundTripMs: 1,
};

/**
 * Replicas sharing one store, each admitting `perStep` hits of one key every `stepMs` while its
 * total stays within the limit (every hit is counted, admitted or not, as Envoy counts).
 */
async function drive(replicas: number, perStep: number, stepMs: number, durationMs: number) {
  const timer = new FakeIntervalTimer(0);
  const store = new FakeSharedCounters();
  const engines = Array.from(
    { length: replicas },
    () =>
      new CachedCounter({
        countExact: store.countExact,
        flushDeltas: store.flushDeltas,
        now: timer.now,
        timer,
      }),
  );
  let admitted = 0;
  let hits = 0;
  for (let t = 0; t < durationMs; t += stepMs) {
    for (const engine of engines)
      for (let i = 0; i < perStep; i++) {
        hits++;
        if ((await engine.count('key_0', 1, 60)) <= 1000) admitted++;
      }
    await timer.advance(stepMs);
  }
  for (const engine of engines) await engine.close();
  return { admitted, hits, stored: store.values.get('key_0') };
}

describe(overshootBound.name, () => {
  it('is the limit plus what the other replicas admit while unseen (the worked example)', () => {
    assert.equal(unseenForMs(EXAMPLE), 751);
    assert.equal(overshootBound(EXAMPLE), 1113);
    assert.equal(overshootBound({ ...EXAMPLE, replicas: 1 }), 1000);
  });

  for (const replicas of [2, 3]) {
    it(`holds for ${replicas} engines sharing one store, 500 hits/s each, 250 ms flushes`, async () => {
      const { admitted, hits, stored } = await drive(replicas, 5, 10, 4_000);
      const bound = overshootBound({
        limit: 1000,
        replicas,
        admittedPerSecond: 500,
        flushIntervalMs: 250,
        maxReadAgeMs: 500,
        roundTripMs: 0,
      });
      assert.ok(admitted >= 1000 && admitted <= bound, `${admitted} admitted, bound ${bound}`);
      // In lock step each other replica is unseen for one interval: 125 hits each.
      assert.equal(admitted, 1000 + (replicas - 1) * 125);
      assert.equal(stored, hits, 'every hit counted reached the store');
    });
  }
});
