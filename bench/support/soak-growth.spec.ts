import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { comparedWindows, growthOf, median } from './soak-growth';
import type { SoakSample } from './soak-sampler';

/** One sample every 10 s for `minutes`; `rss(seconds)` and `handles(seconds)` give the figures. */
function samples(minutes: number, rss: (s: number) => number, handles: (s: number) => number = () => 14) {
  return Array.from({ length: (minutes * 60) / 10 }, (_, i) => {
    const seconds = (i + 1) * 10;
    return { seconds, rssMiB: rss(seconds), handles: handles(seconds), fds: 28 } as SoakSample;
  });
}

describe(median.name, () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.ok(Number.isNaN(median([])));
  });
});

describe(comparedWindows.name, () => {
  it('compares the minute after warm-up with the last minute', () => {
    const sut = comparedWindows(
      samples(10, () => 1),
      120,
    );
    assert.deepEqual(
      sut.baseline.map((s) => s.seconds),
      [120, 130, 140, 150, 160, 170],
    );
    assert.deepEqual(
      sut.end.map((s) => s.seconds),
      [550, 560, 570, 580, 590, 600],
    );
  });

  it('uses a third of the time after warm-up each when that is less than a minute', () => {
    const sut = comparedWindows(
      samples(3, () => 1),
      90,
    );
    assert.deepEqual(
      sut.baseline.map((s) => s.seconds),
      [90, 100, 110],
    );
    assert.deepEqual(
      sut.end.map((s) => s.seconds),
      [160, 170, 180],
    );
  });
});

describe(growthOf.name, () => {
  it('is flat when the memory saw-tooth of the collector repeats, whatever the warm-up did', () => {
    const sawTooth = (s: number) => (s < 120 ? s : 380 + ((s / 10) % 6) * 10);
    assert.deepEqual(growthOf(samples(10, sawTooth), 120, 'rssMiB'), {
      metric: 'rssMiB',
      baseline: 405,
      end: 405,
      percent: 0,
      limitPercent: 10,
      isWithinLimit: true,
    });
  });

  it('misses the goal at 10 % growth or more, and says so for a leak', () => {
    const leak = growthOf(
      samples(10, (s) => 300 + s / 2),
      120,
      'rssMiB',
    );
    assert.equal(leak.baseline, 372.5);
    assert.equal(leak.end, 587.5);
    assert.equal(leak.percent, 57.7);
    assert.equal(leak.isWithinLimit, false);
  });

  it('compares the floor of handles and heap: one call in flight at a sample is not a leak', () => {
    const handles = (s: number) => (s % 20 === 0 ? 15 : 14);
    assert.equal(
      growthOf(
        samples(10, () => 1, handles),
        120,
        'handles',
      ).percent,
      0,
    );
    const leak = growthOf(
      samples(
        10,
        () => 1,
        (s) => 14 + Math.floor(s / 60),
      ),
      120,
      'handles',
    );
    assert.deepEqual([leak.baseline, leak.end, leak.isWithinLimit], [16, 23, false]);
  });

  it('has no goal for the figures that are only reported', () => {
    const sut = growthOf(
      samples(10, (s) => s),
      120,
      'heapUsedMiB',
    );
    assert.equal(sut.limitPercent, undefined);
    assert.equal(sut.isWithinLimit, true);
  });

  it('misses the goal when a window has no sample (a run shorter than its warm-up)', () => {
    const sut = growthOf(
      samples(1, () => 1),
      120,
      'handles',
    );
    assert.ok(Number.isNaN(sut.baseline));
    assert.equal(sut.isWithinLimit, false);
  });
});
