// RateLimitService with the local over-limit cache and STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT
// (docs/decisions.md#stop_cache_key_increment_when_overlimit).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServiceHarness, descriptor, repeat } from '../../test/support/service-harness';
import { RateLimitService } from './ratelimit.service';

const RULES = `
domain: rl
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 3 }
  - key: shadowed
    shadow_mode: true
    rate_limit: { unit: minute, requests_per_unit: 1 }
  - key: key2
    rate_limit: { unit: minute, requests_per_unit: 20 }
  - key: key3
    rate_limit: { unit: hour, requests_per_unit: 10 }
  - key: key4
    value: value4
    rate_limit: { unit: hour, requests_per_unit: 15 }
  - key: key5
    value: value5
    rate_limit: { unit: hour, requests_per_unit: 14 }
`;
const alice = descriptor('user=alice');
// At 2222 s the minute window starts at 2220 and the hour window at 0.
const ALICE_KEY = 'rl_user_alice_2220';

describe(`${RateLimitService.name} local cache and stop-increment`, () => {
  describe('local over-limit cache', () => {
    it('once over, the key is answered locally: no store call, over_limit and over_limit_with_local_cache += addend, total_hits still counted', async () => {
      const h = createServiceHarness(RULES, { localCache: true });
      await repeat(4, () => h.call('rl', [alice]));
      const calls = h.store.incrementCalls;
      const decision = await h.call('rl', [alice], 2);
      assert.deepEqual(
        decision.statuses.map((s) => [s.code, s.limitRemaining, s.durationUntilResetSeconds]),
        [['OVER_LIMIT', 0, 58]],
      );
      assert.equal(h.store.incrementCalls, calls);
      assert.deepEqual(await h.store.getMany([{ key: ALICE_KEY, windowSeconds: 60 }]), [4]);
      const stat = (name: string) => h.limitStat('rl.user', name);
      assert.deepEqual(['total_hits', 'over_limit', 'over_limit_with_local_cache'].map(stat), [6, 3, 2]);
    });

    it('the mark lives for one unit (TTL = unit seconds from the moment it went over)', async () => {
      const h = createServiceHarness(RULES, { localCache: true });
      await repeat(4, () => h.call('rl', [alice]));
      h.clock.advance(59_999);
      assert.equal(h.localCache.isOverLimit(ALICE_KEY, 3), true);
      h.clock.advance(1);
      assert.equal(h.localCache.isOverLimit(ALICE_KEY, 3), false);
    });

    it('a new window is a new key: counting starts again', async () => {
      const h = createServiceHarness(RULES, { localCache: true });
      await repeat(4, () => h.call('rl', [alice]));
      h.clock.advance(58_000);
      const decision = await h.call('rl', [alice]);
      assert.deepEqual([decision.overallCode, decision.statuses[0].limitRemaining], ['OK', 2]);
    });

    it('shadow rules are marked too; a cached shadow hit is OK with remaining 0 and counts shadow_mode', async () => {
      const h = createServiceHarness(RULES, { localCache: true });
      await repeat(2, () => h.call('rl', [descriptor('shadowed=x')]));
      assert.equal(h.localCache.isOverLimit('rl_shadowed_x_2220', 1), true);
      const decision = await h.call('rl', [descriptor('shadowed=x')]);
      assert.deepEqual([decision.overallCode, decision.statuses[0].limitRemaining], ['OK', 0]);
      const stat = (name: string) => h.limitStat('rl.shadowed', name);
      assert.deepEqual(['shadow_mode', 'over_limit_with_local_cache'].map(stat), [2, 1]);
    });

    it('without the local cache every request reaches the store', async () => {
      const h = createServiceHarness(RULES);
      await repeat(6, () => h.call('rl', [alice]));
      assert.equal(h.store.incrementCalls, 6);
      assert.equal(h.limitStat('rl.user', 'over_limit_with_local_cache'), 0);
    });
  });

  describe('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT', () => {
    const key2 = descriptor('key2=a');
    const key3 = descriptor('key3=b');

    for (const localCache of [false, true]) {
      it(`key2 20/min and key3 10/h sent together 15 times: key2 remaining freezes at 10 once key3 exceeds (local cache ${localCache ? 'on' : 'off'})`, async () => {
        const h = createServiceHarness(RULES, { stopIncrement: true, localCache });
        const decisions = await repeat(15, () => h.call('rl', [key2, key3]));
        assert.deepEqual(
          decisions.map((d) => d.statuses[0].limitRemaining),
          [19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 10, 10, 10, 10, 10],
        );
        assert.deepEqual(
          decisions.map((d) => d.statuses[1].code),
          [...Array(10).fill('OK'), ...Array(5).fill('OVER_LIMIT')],
        );
        // As in the reference (envoyproxy/ratelimit#808): key2's stats still count every hit
        // although they were not applied.
        const stat = (name: string) => h.limitStat('rl.key2', name);
        assert.deepEqual(['total_hits', 'within_limit'].map(stat), [15, 15]);
      });
    }

    it('off: key2 keeps counting while key3 is over', async () => {
      const h = createServiceHarness(RULES);
      const decisions = await repeat(15, () => h.call('rl', [key2, key3]));
      assert.equal(decisions[14].statuses[0].limitRemaining, 5);
    });

    it('key4 stays at 13 with L=15 -> OK remaining 2 while key5 goes over', async () => {
      const h = createServiceHarness(RULES, { stopIncrement: true });
      const key4 = descriptor('key4=value4');
      const key5 = descriptor('key5=value5');
      await h.call('rl', [key5]);
      await repeat(13, () => h.call('rl', [key4, key5]));
      const decision = await h.call('rl', [key4, key5]);
      assert.deepEqual(
        decision.statuses.map((s) => [s.code, s.limitRemaining]),
        [
          ['OK', 2],
          ['OVER_LIMIT', 0],
        ],
      );
      assert.deepEqual(await h.store.getMany([{ key: 'rl_key4_value4_0', windowSeconds: 3600 }]), [13]);
      const stat = (name: string) => h.limitStat('rl.key4_value4', name);
      assert.deepEqual(['total_hits', 'within_limit', 'near_limit'].map(stat), [14, 14, 2]);
    });
  });
});
