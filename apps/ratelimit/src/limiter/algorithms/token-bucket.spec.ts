import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule } from '../../../test/support/rule-fixtures';
import { bucketRetryMs, bucketTiming, tatAfter, tokensLeft } from './token-bucket';

// 60 per minute: T = 1 s; burst 5: tolerance 5 s.
const rule = testRule({ requestsPerUnit: 60, unit: 'MINUTE', algorithm: 'token_bucket', burst: 5 });
const NOW = 1_000_000;

describe('token bucket arithmetic', () => {
  it('T = W / L and tolerance = T x burst', () => {
    assert.deepEqual(bucketTiming(rule), { emissionIntervalMs: 1000, toleranceMs: 5000 });
    const sevenPerMinute = testRule({ requestsPerUnit: 7, algorithm: 'token_bucket', burst: 7 });
    assert.equal(bucketTiming(sevenPerMinute).emissionIntervalMs, 60_000 / 7);
  });

  it('tokens left: a full bucket holds burst; each T the TAT runs ahead takes one', () => {
    assert.equal(tokensLeft(0, NOW, rule), 5);
    assert.equal(tokensLeft(NOW + 1000, NOW, rule), 4);
    assert.equal(tokensLeft(NOW + 1500, NOW, rule), 3);
    assert.equal(tokensLeft(NOW + 5000, NOW, rule), 0);
  });

  it('tokens left: no off-by-one from a fractional T (60 s / 7, burst 7)', () => {
    const seven = testRule({ requestsPerUnit: 7, algorithm: 'token_bucket', burst: 7 });
    const t = 60_000 / 7;
    for (let used = 0; used <= 7; used++)
      assert.equal(tokensLeft(NOW + used * t, NOW, seven), 7 - used, `${used} used`);
  });

  it('new TAT = max(TAT, now) + hits x T', () => {
    assert.equal(tatAfter(0, NOW, 2, rule), NOW + 2000);
    assert.equal(tatAfter(NOW + 3000, NOW, 1, rule), NOW + 4000);
    assert.equal(tatAfter(NOW + 3000, NOW, 0, rule), NOW + 3000);
  });

  it('retry = allow_at - now, allow_at = max(TAT, now) + hits x T - tolerance', () => {
    assert.equal(bucketRetryMs(NOW + 5000, NOW, 1, rule), 1000);
    assert.equal(bucketRetryMs(NOW + 5000, NOW, 3, rule), 3000);
    assert.equal(bucketRetryMs(NOW + 2000, NOW, 1, rule), 0);
    assert.equal(bucketRetryMs(0, NOW, 6, rule), 1000); // above the burst: never fits, says 1 s
  });
});
