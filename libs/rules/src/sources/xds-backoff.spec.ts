import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { XdsBackoff, backoffDelayMs } from './xds-backoff';

const defaults = { initialMs: 10_000, maxMs: 60_000, randomFactor: 0.5, jitter: true };

function delays(sut: XdsBackoff, count: number): number[] {
  return Array.from({ length: count }, () => sut.nextDelayMs());
}

describe(XdsBackoff.name, () => {
  it('waits the initial interval on every retry with the defaults (factor 0.5)', () => {
    const sut = new XdsBackoff(defaults, () => 0.99);

    assert.deepEqual(delays(sut, 4), [10_000, 10_000, 10_000, 10_000]);
  });

  it('grows by the factor and stops at the max without jitter', () => {
    const sut = new XdsBackoff({ initialMs: 1000, maxMs: 5000, randomFactor: 2, jitter: false });

    assert.deepEqual(delays(sut, 5), [1000, 2000, 4000, 5000, 5000]);
  });

  it('draws between the initial interval and the exponential value with jitter', () => {
    const sut = new XdsBackoff({ initialMs: 1000, maxMs: 60_000, randomFactor: 2, jitter: true }, () => 0.5);

    // attempt n: 0.5 * (1000 * 2^n - 1000) + 1000
    assert.deepEqual(delays(sut, 4), [1000, 1500, 2500, 4500]);
  });

  it('starts over after reset()', () => {
    const sut = new XdsBackoff({ initialMs: 1000, maxMs: 5000, randomFactor: 2, jitter: false });
    delays(sut, 3);

    sut.reset();

    assert.equal(sut.nextDelayMs(), 1000);
  });
});

describe(backoffDelayMs.name, () => {
  const never = (): number => {
    throw new Error('random must not be called without jitter');
  };

  it('returns the max when the initial interval is not below it', () => {
    assert.equal(backoffDelayMs({ ...defaults, initialMs: 70_000, jitter: false }, 0, never), 60_000);
  });

  it('uses jpillora defaults (100 ms, 10 s, factor 2) for values <= 0', () => {
    const options = { initialMs: 0, maxMs: 0, randomFactor: 0, jitter: false };

    assert.deepEqual(
      [0, 1, 2, 7, 8].map((attempt) => backoffDelayMs(options, attempt, never)),
      [100, 200, 400, 10_000, 10_000],
    );
  });

  it('clamps overflowing attempts to the max', () => {
    assert.equal(backoffDelayMs({ ...defaults, randomFactor: 2, jitter: false }, 5000, never), 60_000);
  });
});
