import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RateLimitRule, Unit } from '@repo/rules';
import { testRule } from '../../test/support/rule-fixtures';
import { StatsService } from '../stats/stats.service';
import type { LimitStats } from '../stats/limit-stats';
import { windowOutcome } from '@repo/storage';
import { computeDescriptorStatus } from './compute-descriptor-status';
import { fixedWindow } from './algorithms/fixed-window';

const NOW = 1000000; // HOUR window starts at 997200, so 800 s remain

/** Most cases here use an HOUR window (see NOW). */
const rule = (requestsPerUnit: number, unit: Unit = 'HOUR', extra: Partial<RateLimitRule> = {}) =>
  testRule({ requestsPerUnit, unit, ...extra });

function values(stats: LimitStats) {
  return {
    over: stats.overLimit.value,
    near: stats.nearLimit.value,
    within: stats.withinLimit.value,
    shadow: stats.shadowMode.value,
    localCache: stats.overLimitWithLocalCache.value,
    total: stats.totalHits.value,
  };
}

const zero = { over: 0, near: 0, within: 0, shadow: 0, localCache: 0, total: 0 };

interface FixedWindowHits {
  rule: RateLimitRule;
  addend: number;
  /** The window's count after the hits. */
  after: number;
  isLocalCacheHit?: boolean;
}

/** A fixed window's hits judged at `now` (seconds), through its algorithm's tally as the service does. */
function judge(hits: FixedWindowHits, now = NOW) {
  const stats = new StatsService(100).limitStats('domain.key_value');
  const { rule, addend } = hits;
  const pending = {
    key: 'k',
    rule,
    addend,
    outcome: windowOutcome(hits.after),
    localCacheUntilMs: 0,
    isCountedCached: false,
  };
  const tally = fixedWindow.tally(pending, now * 1000);
  const counted = {
    rule: hits.rule,
    addend: hits.addend,
    tally,
    isLocalCacheHit: hits.isLocalCacheHit ?? false,
  };
  const status = computeDescriptorStatus(counted, 0.8, stats);
  return { status, stats: values(stats) };
}

describe(computeDescriptorStatus.name, () => {
  describe('worked examples (ratio 0.8)', () => {
    const l15 = rule(15);
    it('L=15,N=12 after 11: OK remaining 4, within+1, no near', () => {
      const { status, stats } = judge({ rule: l15, addend: 1, after: 11 });
      assert.deepEqual(status, {
        code: 'OK',
        currentLimit: l15,
        limitRemaining: 4,
        durationUntilResetSeconds: 800,
      });
      assert.deepEqual(stats, { ...zero, within: 1 });
    });

    it('L=15,N=12 after 13: OK remaining 2, near+1', () => {
      const { status, stats } = judge({ rule: l15, addend: 1, after: 13 });
      assert.equal(status.code, 'OK');
      assert.equal(status.limitRemaining, 2);
      assert.deepEqual(stats, { ...zero, within: 1, near: 1 });
    });

    it('L=15,N=12 after 16: OVER_LIMIT remaining 0, over+1', () => {
      const { status, stats } = judge({ rule: l15, addend: 1, after: 16 });
      assert.deepEqual(status, {
        code: 'OVER_LIMIT',
        currentLimit: l15,
        limitRemaining: 0,
        durationUntilResetSeconds: 800,
      });
      assert.deepEqual(stats, { ...zero, over: 1 });
    });

    it('L=20 addend 3 after 19: OK remaining 1, near+3', () => {
      const { status, stats } = judge({ rule: rule(20), addend: 3, after: 19 });
      assert.equal(status.code, 'OK');
      assert.equal(status.limitRemaining, 1);
      assert.deepEqual(stats, { ...zero, within: 3, near: 3 });
    });

    it('L=20 addend 3 after 22: OVER_LIMIT, over+2 near+1', () => {
      const { status, stats } = judge({ rule: rule(20), addend: 3, after: 22 });
      assert.equal(status.code, 'OVER_LIMIT');
      assert.equal(status.limitRemaining, 0);
      assert.deepEqual(stats, { ...zero, over: 2, near: 1 });
    });

    it('L=20 addend 7 after 22: OVER_LIMIT, over+2 near+4', () => {
      const { status, stats } = judge({ rule: rule(20), addend: 7, after: 22 });
      assert.equal(status.code, 'OVER_LIMIT');
      assert.deepEqual(stats, { ...zero, over: 2, near: 4 });
    });

    it('L=10 addend 3 after 30: OVER_LIMIT, over+3 (already over before)', () => {
      const { status, stats } = judge({ rule: rule(10), addend: 3, after: 30 });
      assert.equal(status.code, 'OVER_LIMIT');
      assert.deepEqual(stats, { ...zero, over: 3 });
    });

    it('per-descriptor addend 0 with count 11 vs L=10: OVER_LIMIT with all stats +0', () => {
      const { status, stats } = judge({ rule: rule(10), addend: 0, after: 11 });
      assert.equal(status.code, 'OVER_LIMIT');
      assert.equal(status.limitRemaining, 0);
      assert.deepEqual(stats, zero);
    });

    it('addend 0 below the limit: OK with the remaining of the current count, stats +0', () => {
      const { status, stats } = judge({ rule: rule(10), addend: 0, after: 9 });
      assert.equal(status.code, 'OK');
      assert.equal(status.limitRemaining, 1);
      assert.deepEqual(stats, zero);
    });

    it('exactly at the limit is OK with remaining 0 (over means after > L)', () => {
      const { status, stats } = judge({ rule: l15, addend: 1, after: 15 });
      assert.equal(status.code, 'OK');
      assert.equal(status.limitRemaining, 0);
      assert.deepEqual(stats, { ...zero, within: 1, near: 1 });
    });

    it('crossing the near threshold counts only the part above N: L=20 addend 5 after 18 -> near+2', () => {
      const { stats } = judge({ rule: rule(20), addend: 5, after: 18 });
      assert.deepEqual(stats, { ...zero, within: 5, near: 2 });
    });

    it('requests_per_unit 0 blocks everything: after 1 -> OVER_LIMIT, over+1', () => {
      const { status, stats } = judge({ rule: rule(0), addend: 1, after: 1 });
      assert.equal(status.code, 'OVER_LIMIT');
      assert.deepEqual(stats, { ...zero, over: 1 });
    });
  });

  describe('local cache hits', () => {
    it('local-cache hit: OVER_LIMIT remaining 0 with duration, over and over_with_local_cache += addend', () => {
      const limit = rule(10, 'MINUTE');
      const { status, stats } = judge({ rule: limit, addend: 3, after: 0, isLocalCacheHit: true }, 2222);
      assert.deepEqual(status, {
        code: 'OVER_LIMIT',
        currentLimit: limit,
        limitRemaining: 0,
        durationUntilResetSeconds: 58,
      });
      assert.deepEqual(stats, { ...zero, over: 3, localCache: 3 });
    });

    it('local-cache hit on a shadow rule: OK remaining 0, shadow_mode += addend', () => {
      const limit = rule(10, 'MINUTE', { shadowMode: true });
      const { status, stats } = judge({ rule: limit, addend: 2, after: 0, isLocalCacheHit: true });
      assert.equal(status.code, 'OK');
      assert.equal(status.limitRemaining, 0);
      assert.deepEqual(stats, { ...zero, over: 2, localCache: 2, shadow: 2 });
    });
  });

  describe('shadow rule', () => {
    const shadow = rule(20, 'HOUR', { shadowMode: true });
    it('shadow rule over limit (crossing): code OK, remaining 0, shadow_mode += after - L', () => {
      const { status, stats } = judge({ rule: shadow, addend: 3, after: 22 });
      assert.deepEqual(status, {
        code: 'OK',
        currentLimit: shadow,
        limitRemaining: 0,
        durationUntilResetSeconds: 800,
      });
      assert.deepEqual(stats, { ...zero, over: 2, near: 1, shadow: 2 });
    });

    it('shadow rule already over: shadow_mode += addend', () => {
      const { status, stats } = judge({ rule: shadow, addend: 3, after: 30 });
      assert.equal(status.code, 'OK');
      assert.deepEqual(stats, { ...zero, over: 3, shadow: 3 });
    });

    it('shadow rule within its limit: plain OK, no shadow_mode', () => {
      const { status, stats } = judge({ rule: shadow, addend: 1, after: 5 });
      assert.equal(status.code, 'OK');
      assert.equal(status.limitRemaining, 15);
      assert.deepEqual(stats, { ...zero, within: 1 });
    });
  });

  describe('duration_until_reset', () => {
    it('unitSeconds - (now mod unitSeconds) for OK and OVER_LIMIT, per unit', () => {
      assert.equal(
        judge({ rule: rule(5, 'SECOND'), addend: 1, after: 1 }).status.durationUntilResetSeconds,
        1,
      );
      assert.equal(
        judge({ rule: rule(5, 'MINUTE'), addend: 1, after: 9 }, 2222).status.durationUntilResetSeconds,
        58,
      );
      assert.equal(
        judge({ rule: rule(5, 'DAY'), addend: 1, after: 1 }).status.durationUntilResetSeconds,
        36800,
      );
    });

    it('at a window start the whole unit remains', () => {
      assert.equal(
        judge({ rule: rule(5, 'MINUTE'), addend: 1, after: 1 }, 1200).status.durationUntilResetSeconds,
        60,
      );
    });
  });

  it('count below the addend (INCRBY 0 sent): before wraps like the unsigned reference, stats count the addend', () => {
    // STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: the key was not incremented and holds 1 < addend 3.
    const { status, stats } = judge({ rule: rule(15), addend: 3, after: 1 });
    assert.equal(status.code, 'OK');
    assert.equal(status.limitRemaining, 14);
    assert.deepEqual(stats, { ...zero, within: 3 });
  });

  it('does not touch total_hits (the service adds it before counting)', () => {
    assert.equal(judge({ rule: rule(15), addend: 4, after: 4 }).stats.total, 0);
  });
});
