import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StoreUnavailableError } from '../store-unavailable-error';
import { retryUntilReady } from './startup-retry';

/** A fake clock whose sleep just advances time, recording every wait. */
function fakeTime() {
  const state = { nowMs: 0, waits: [] as number[] };
  return {
    state,
    now: () => state.nowMs,
    sleep: (ms: number) => {
      state.waits.push(ms);
      state.nowMs += ms;
      return Promise.resolve();
    },
  };
}

const failingTimes = (failures: number) => {
  let calls = 0;
  return () => (++calls <= failures ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve());
};

describe(retryUntilReady.name, () => {
  it('backs off x2 up to the max interval until the probe succeeds', async () => {
    const time = fakeTime();
    await retryUntilReady(
      { initialIntervalMs: 1000, maxIntervalMs: 3000, maxElapsedMs: 0 },
      {
        probe: failingTimes(4),
        now: time.now,
        sleep: time.sleep,
        random: () => 0.5,
        isCancelled: () => false,
      },
    );
    assert.deepEqual(time.state.waits, [1000, 2000, 3000, 3000]);
  });

  it('jitters each wait between 50% and 150%', async () => {
    const time = fakeTime();
    const options = { initialIntervalMs: 1000, maxIntervalMs: 1000, maxElapsedMs: 0 };
    await retryUntilReady(options, {
      probe: failingTimes(1),
      ...time,
      random: () => 0,
      isCancelled: () => false,
    });
    await retryUntilReady(options, {
      probe: failingTimes(1),
      ...time,
      random: () => 0.999,
      isCancelled: () => false,
    });
    assert.deepEqual(time.state.waits, [500, 1499]);
  });

  it('gives up after max elapsed with an error naming the cause', async () => {
    const time = fakeTime();
    await assert.rejects(
      retryUntilReady(
        { initialIntervalMs: 1000, maxIntervalMs: 30000, maxElapsedMs: 2500 },
        { probe: failingTimes(99), ...time, random: () => 0.5, isCancelled: () => false },
      ),
      (error: unknown) => {
        assert.ok(error instanceof StoreUnavailableError);
        assert.equal(
          error.message,
          'redis counter store unavailable: no answer to PING within 2500 ms of start-up: ECONNREFUSED',
        );
        return true;
      },
    );
    assert.deepEqual(time.state.waits, [1000, 1500]);
  });

  it('stops when cancelled', async () => {
    const time = fakeTime();
    await assert.rejects(
      retryUntilReady(
        { initialIntervalMs: 10, maxIntervalMs: 10, maxElapsedMs: 0 },
        { probe: failingTimes(99), ...time, random: () => 0.5, isCancelled: () => true },
      ),
      /closed before start-up finished/,
    );
  });
});
