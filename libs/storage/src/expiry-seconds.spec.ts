import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expirySeconds } from './expiry-seconds';

describe(expirySeconds.name, () => {
  it('adds floor(random * max) seconds (reference test: 100 with max 3600 -> 101 for SECOND)', () => {
    assert.equal(
      expirySeconds(1, 3600, () => 100 / 3600),
      101,
    );
  });

  it('adds nothing when the jitter max is 0', () => {
    assert.equal(
      expirySeconds(60, 0, () => 0.99),
      60,
    );
  });

  it('stays below window + max', () => {
    assert.equal(
      expirySeconds(60, 300, () => 0.999999),
      359,
    );
  });
});
