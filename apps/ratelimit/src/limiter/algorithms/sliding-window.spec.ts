import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { slidingEstimate, slidingRetryMs } from './sliding-window';

const MINUTE_MS = 60_000;
const state = (current: number, previous: number, elapsedMs: number) => ({
  current,
  previous,
  windowMs: MINUTE_MS,
  elapsedMs,
});

describe(slidingEstimate.name, () => {
  it('floor(previous x (W - elapsed) / W) + current', () => {
    assert.equal(slidingEstimate(state(3, 8, 15_000)), 6 + 3); // 8 x 45/60 = 6
    assert.equal(slidingEstimate(state(3, 10, 15_000)), 7 + 3); // 7.5 -> 7
    assert.equal(slidingEstimate(state(0, 10, 0)), 10); // at the boundary the previous window counts fully
    assert.equal(slidingEstimate(state(5, 10, 59_999)), 0 + 5); // 10 x 1/60000 -> 0
    assert.equal(slidingEstimate(state(4, 0, 30_000)), 4);
  });
});

describe(slidingRetryMs.name, () => {
  it('waits until the previous window weighs little enough, within this window', () => {
    // L 10, current 5 (this request included), previous 10, at 30 s: estimate 5 + 5 = 10.
    // One more hit fits when floor(10 x (W - e) / W) <= 4, i.e. 10 x (W - e) < 5 W, e > 30 s: at 30.001 s.
    assert.equal(slidingRetryMs(state(5, 10, 30_000), 10, 1), 1);
    // Three more: floor(10 x (W - e)/W) <= 2 -> W - e < 0.3 W -> e >= 42.001 s.
    assert.equal(slidingRetryMs(state(5, 10, 30_000), 10, 3), 12_001);
  });

  it('moves to the next window when this one cannot make room', () => {
    // L 10, current 9, previous 4, at 50 s: room for 1 more only once the previous window is gone
    // (floor(4 x (W - e)/W) <= 0 needs e > 45 s: at 45.001 s, already past: now).
    assert.equal(slidingRetryMs(state(9, 4, 50_000), 10, 1), 0);
    // current 10 already: nothing fits in this window. Next window: previous = 10, room 9:
    // floor(10 x (W - e)/W) <= 9 as soon as e >= 1 ms, i.e. 10 s + 1 ms from now.
    assert.equal(slidingRetryMs(state(10, 4, 50_000), 10, 1), 10_000 + 1);
    // room 7 (3 more hits): floor(10 x (W - e)/W) <= 7 -> W - e < 0.8 W -> e >= 12.001 s.
    assert.equal(slidingRetryMs(state(10, 4, 50_000), 10, 3), 10_000 + 12_001);
  });

  it('is at most the end of the next window (2W - elapsed) for a request that never fits', () => {
    assert.equal(slidingRetryMs(state(10, 10, 20_000), 10, 11), 40_000 + MINUTE_MS);
  });

  it('with an empty current window next, waits for the window end only', () => {
    assert.equal(slidingRetryMs(state(0, 20, 30_000), 10, 11), 30_000 + MINUTE_MS);
    assert.equal(
      slidingRetryMs({ current: 0, previous: 0, windowMs: MINUTE_MS, elapsedMs: 0 }, 0, 1),
      2 * MINUTE_MS,
    );
  });
});
