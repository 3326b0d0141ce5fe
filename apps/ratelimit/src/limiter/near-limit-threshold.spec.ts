import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nearLimitThreshold } from './near-limit-threshold';

describe(nearLimitThreshold.name, () => {
  it('default ratio 0.8: L=15 -> N=12, L=20 -> N=16, L=10 -> N=8', () => {
    assert.equal(nearLimitThreshold(15, 0.8), 12);
    assert.equal(nearLimitThreshold(20, 0.8), 16);
    assert.equal(nearLimitThreshold(10, 0.8), 8);
  });

  it('floors: L=1 -> 0, L=0 -> 0, L=7 -> 5', () => {
    assert.equal(nearLimitThreshold(1, 0.8), 0);
    assert.equal(nearLimitThreshold(0, 0.8), 0);
    assert.equal(nearLimitThreshold(7, 0.8), 5);
  });

  it('float32 product: L=90 ratio 0.7 gives 63 (a float64 product gives 62)', () => {
    assert.equal(Math.floor(90 * 0.7), 62);
    assert.equal(nearLimitThreshold(90, 0.7), 63);
  });

  it('float32 product: L=5242881 ratio 0.8 gives 4194305 (float64 gives 4194304)', () => {
    assert.equal(Math.floor(5242881 * 0.8), 4194304);
    assert.equal(nearLimitThreshold(5242881, 0.8), 4194305);
  });

  it('float32 operand: L=4294967295 is rounded to float32 before the product (3435973888)', () => {
    assert.equal(nearLimitThreshold(4294967295, 0.8), 3435973888);
  });

  it('ratio 1 and 0: N = L (within float32) and N = 0', () => {
    assert.equal(nearLimitThreshold(20, 1), 20);
    assert.equal(nearLimitThreshold(20, 0), 0);
  });
});
