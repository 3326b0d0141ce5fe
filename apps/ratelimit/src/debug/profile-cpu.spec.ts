import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuSamplingIntervalUs } from './profile-cpu';

describe(cpuSamplingIntervalUs.name, () => {
  it('samples every 1 ms up to 30 s, then at most 30 000 samples (10 ms at 300 s, as Go)', () => {
    assert.deepEqual(
      [1, 30, 31, 60, 300].map((seconds) => cpuSamplingIntervalUs(seconds)),
      [1000, 1000, 1034, 2000, 10_000],
    );
  });
});
