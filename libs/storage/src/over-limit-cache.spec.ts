import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { heapGrowthMiB } from '../test/heap-growth';
import { MIN_OVER_LIMIT_CACHE_BYTES, OverLimitCache } from './over-limit-cache';

describe(OverLimitCache.name, () => {
  let nowMs: number;
  let sut: OverLimitCache;

  beforeEach(() => {
    nowMs = 1_000_000;
    sut = new OverLimitCache({ sizeBytes: 0, now: () => nowMs });
  });

  it('reports a marked key as over limit until its unit has passed', () => {
    sut.markOverLimit('d_k_v_960', 10, 60);
    assert.equal(sut.isOverLimit('d_k_v_960', 10), true);
    nowMs += 59_999;
    assert.equal(sut.isOverLimit('d_k_v_960', 10), true);
    nowMs += 1;
    assert.equal(sut.isOverLimit('d_k_v_960', 10), false);
    assert.equal(sut.stats().expiredCount, 1);
    assert.equal(sut.stats().entryCount, 0);
  });

  it('keeps marks of different limits apart (envoyproxy/ratelimit#1077)', () => {
    sut.markOverLimit('d_k_v_960', 10, 60);
    assert.equal(sut.isOverLimit('d_k_v_960', 100), false);
    assert.equal(sut.isOverLimit('d_k_v_960', 10), true);
  });

  it('holds keys over 250 characters as their digest: 172 bytes for a 1.3 MB key', () => {
    const huge = (i: number) => `d_jwt_${'x'.repeat(1_300_000)}${i}_960`;
    sut.markOverLimit('d_k_v_960', 10, 60); // 'd_k_v_960\u000010': 2 * 12 + 64 = 88 bytes
    for (let i = 0; i < 100; i++) sut.markOverLimit(huge(i), 10, 60); // 2 * (51 + 1 + 2) + 64 each
    assert.deepEqual([sut.stats().entryCount, sut.stats().usedBytes], [101, 88 + 100 * 172]);
    assert.equal(sut.isOverLimit(huge(7), 10), true);
    assert.equal(sut.isOverLimit(huge(100), 10), false);
    assert.equal(sut.isOverLimit('d_k_v_960', 10), true);
  });

  it('counts hits, misses, lookups and overwrites', () => {
    sut.markOverLimit('a', 1, 1);
    sut.markOverLimit('a', 1, 1);
    sut.isOverLimit('a', 1);
    sut.isOverLimit('b', 1);
    const stats = sut.stats();
    assert.deepEqual(
      [stats.hitCount, stats.missCount, stats.lookupCount, stats.overwriteCount, stats.entryCount],
      [1, 1, 2, 1, 1],
    );
  });

  it('applies the 512 KiB minimum size of the reference', () => {
    assert.equal(sut.stats().capacityBytes, MIN_OVER_LIMIT_CACHE_BYTES);
    const big = new OverLimitCache({ sizeBytes: 2_000_000, now: () => nowMs });
    assert.equal(big.stats().capacityBytes, 2_000_000);
  });

  it('stays within its byte budget by evicting the oldest entries first', () => {
    const keyOf = (i: number) => `domain_key_value_${String(i).padStart(8, '0')}`;
    for (let i = 0; i < 10_000; i++) sut.markOverLimit(keyOf(i), 5, 3600);
    const stats = sut.stats();
    assert.ok(stats.usedBytes <= MIN_OVER_LIMIT_CACHE_BYTES, `used ${stats.usedBytes}`);
    assert.ok(stats.evacuateCount > 0);
    assert.equal(stats.entryCount + stats.evacuateCount, 10_000);
    assert.equal(sut.isOverLimit(keyOf(0), 5), false);
    assert.equal(sut.isOverLimit(keyOf(9_999), 5), true);
  });

  it('evicts expired entries without counting them as evacuations', () => {
    const keyOf = (i: number) => `domain_key_value_${String(i).padStart(8, '0')}`;
    for (let i = 0; i < 3_000; i++) sut.markOverLimit(keyOf(i), 5, 1);
    nowMs += 1_000;
    for (let i = 3_000; i < 6_000; i++) sut.markOverLimit(keyOf(i), 5, 1);
    assert.equal(sut.stats().evacuateCount, 0);
    assert.ok(sut.stats().expiredCount > 0);
  });

  it('retains nothing for marks that came and went after an eviction (found by the soak run)', async () => {
    const clock = { nowMs: 0 };
    const sut = new OverLimitCache({ sizeBytes: MIN_OVER_LIMIT_CACHE_BYTES, now: () => clock.nowMs });
    for (let i = 0; sut.stats().evacuateCount === 0; i++) sut.markOverLimit(`fill${i}`, 1, 3600);
    clock.nowMs += 3_600_000; // every mark so far has expired
    const growth = await heapGrowthMiB(() => {
      for (let n = 0; n < 300_000; n++) {
        sut.markOverLimit(`k${n}`, 1, 1);
        clock.nowMs += 1000;
        sut.isOverLimit(`k${n}`, 1); // expired: removed on lookup, so the cache never fills again
      }
    });
    assert.equal(sut.stats().evacuateCount, 1);
    // The eviction iterator left standing held 13 MiB here.
    assert.ok(growth < 4, `${growth.toFixed(1)} MiB retained`);
  });
});
