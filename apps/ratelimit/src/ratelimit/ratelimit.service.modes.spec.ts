// RateLimitService: replaces, overrides, shadow and quota modes, response headers, dynamic metadata.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Unit } from '@repo/rules';
import { createServiceHarness, descriptor, repeat } from '../../test/support/service-harness';
import { RateLimitService } from './ratelimit.service';

// examples/ratelimit/config/example7.yaml (replaces) plus shadow/quota rules.
const RULES = `
domain: rl
descriptors:
  - key: key_1
    value: value_1
    descriptors:
      - key: user
        rate_limit: { unit: second, requests_per_unit: 5, name: specific_limit }
  - key: key_2
    value: value_2
    descriptors:
      - key: user
        rate_limit: { unit: second, requests_per_unit: 10, replaces: [{ name: specific_limit }] }
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 3 }
  - key: minute10
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: shadowed
    shadow_mode: true
    rate_limit: { unit: minute, requests_per_unit: 1 }
  - key: quota_a
    quota_mode: true
    metadata: { owner: a }
    rate_limit: { unit: hour, requests_per_unit: 1 }
  - key: quota_b
    quota_mode: true
    rate_limit: { unit: hour, requests_per_unit: 1 }
`;
const HEADERS = {
  limitHeader: 'RateLimit-Limit',
  remainingHeader: 'RateLimit-Remaining',
  resetHeader: 'RateLimit-Reset',
};
const GLOBAL_SHADOW = 'ratelimit.service.global_shadow_mode';
const override = (pairs: string[], requestsPerUnit: number, unit: Unit) => ({
  ...descriptor(...pairs),
  limit: { requestsPerUnit, unit },
});

describe(`${RateLimitService.name} modes`, () => {
  describe('replaces (examples/ratelimit/config/example7.yaml)', () => {
    const first = descriptor('key_1=value_1', 'user=u');
    const second = descriptor('key_2=value_2', 'user=u');

    it('each rule alone: 5 per second and 10 per second', async () => {
      const h = createServiceHarness(RULES);
      const one = await repeat(6, () => h.call('rl', [first]));
      assert.deepEqual(
        one.map((d) => d.overallCode),
        ['OK', 'OK', 'OK', 'OK', 'OK', 'OVER_LIMIT'],
      );
      const two = await repeat(11, () => h.call('rl', [second]));
      assert.equal(two.filter((d) => d.overallCode === 'OK').length, 10);
    });

    it('both descriptors together: only the replacing 10/s applies; the replaced one is OK, uncounted, without stats', async () => {
      const h = createServiceHarness(RULES);
      const both = await repeat(11, () => h.call('rl', [first, second]));
      assert.equal(both.filter((d) => d.overallCode === 'OK').length, 10);
      assert.deepEqual(both[10].statuses[0], { code: 'OK', limitRemaining: 0 });
      assert.equal(both[10].statuses[1].code, 'OVER_LIMIT');
      assert.equal(h.limitStat('rl.key_1_value_1.user', 'total_hits'), 0);
      assert.equal(h.limitStat('rl.key_2_value_2.user', 'total_hits'), 11);
      // The replaced rule's counter did not move: alone it still has its 5 hits this second.
      assert.equal((await h.call('rl', [first])).statuses[0].limitRemaining, 4);
    });
  });

  describe('overrides', () => {
    it('an override replaces the config limit: fresh limit without name, stats key domain.k_v', async () => {
      const h = createServiceHarness(RULES);
      const decisions = await repeat(3, () => h.call('rl', [override(['user=alice'], 2, 'HOUR')]));
      assert.deepEqual(
        decisions.map((d) => d.overallCode),
        ['OK', 'OK', 'OVER_LIMIT'],
      );
      const limit = decisions[0].statuses[0].currentLimit!;
      assert.deepEqual([limit.requestsPerUnit, limit.unit, limit.name], [2, 'HOUR', undefined]);
      assert.equal(decisions[0].statuses[0].durationUntilResetSeconds, 1378);
      assert.equal(h.limitStat('rl.user_alice', 'total_hits'), 3);
      assert.equal(h.limitStat('rl.user', 'total_hits'), 0);
    });

    it('stats key renders empty values as the key only: domain.k1_v1.k2', async () => {
      const h = createServiceHarness(RULES);
      await h.call('rl', [override(['k1=v1', 'k2='], 5, 'MINUTE')]);
      assert.equal(h.limitStat('rl.k1_v1.k2', 'total_hits'), 1);
    });

    it('applies to descriptors the config does not know (the domain exists)', async () => {
      const h = createServiceHarness(RULES);
      const decision = await h.call('rl', [override(['nothing=here'], 1, 'SECOND')]);
      assert.equal(decision.statuses[0].limitRemaining, 0);
      assert.equal(decision.statuses[0].currentLimit?.requestsPerUnit, 1);
    });

    it('an override shares the counter of the config limit with the same entries and unit', async () => {
      const h = createServiceHarness(RULES);
      await repeat(2, () => h.call('rl', [descriptor('user=alice')]));
      const decision = await h.call('rl', [override(['user=alice'], 5, 'MINUTE')]);
      assert.equal(decision.statuses[0].limitRemaining, 2);
    });
  });

  describe('shadow mode', () => {
    it('shadow rule over limit: code OK, remaining 0, shadow_mode stat', async () => {
      const h = createServiceHarness(RULES);
      const decisions = await repeat(3, () => h.call('rl', [descriptor('shadowed=x')]));
      assert.deepEqual(
        decisions.map((d) => d.overallCode),
        ['OK', 'OK', 'OK'],
      );
      assert.deepEqual(
        decisions[2].statuses.map((s) => [s.code, s.limitRemaining]),
        [['OK', 0]],
      );
      assert.deepEqual(
        ['over_limit', 'shadow_mode'].map((s) => h.limitStat('rl.shadowed', s)),
        [2, 2],
      );
    });

    it('global SHADOW_MODE: overall OK, global_shadow_mode+1, statuses untouched, headers from the over-limit descriptor', async () => {
      const h = createServiceHarness(RULES, { isGlobalShadowMode: true, responseHeaders: HEADERS });
      await repeat(10, () => h.call('rl', [descriptor('minute10=x')]));
      const decision = await h.call('rl', [descriptor('user=bob'), descriptor('minute10=x')]);
      assert.equal(decision.overallCode, 'OK');
      assert.deepEqual(
        decision.statuses.map((s) => s.code),
        ['OK', 'OVER_LIMIT'],
      );
      assert.equal(h.counter(GLOBAL_SHADOW), 1);
      assert.deepEqual(decision.responseHeadersToAdd, [
        { key: 'RateLimit-Limit', value: '10' },
        { key: 'RateLimit-Remaining', value: '0' },
        { key: 'RateLimit-Reset', value: '58' },
      ]);
    });

    it('global SHADOW_MODE does not count OK requests', async () => {
      const h = createServiceHarness(RULES, { isGlobalShadowMode: true });
      await h.call('rl', [descriptor('user=bob')]);
      assert.equal(h.counter(GLOBAL_SHADOW), 0);
    });
  });

  describe('quota mode', () => {
    const a = descriptor('quota_a=x');
    const b = descriptor('quota_b=x');
    const exhaust = async (
      h: ReturnType<typeof createServiceHarness>,
      ...ds: ReturnType<typeof descriptor>[]
    ) => {
      for (const d of ds) await h.call('rl', [d]);
    };

    it('two quota descriptors both over -> OVER_LIMIT', async () => {
      const h = createServiceHarness(RULES);
      assert.equal((await h.call('rl', [a, b])).overallCode, 'OK');
      const decision = await h.call('rl', [a, b]);
      assert.deepEqual(
        [decision.overallCode, ...decision.statuses.map((s) => s.code)],
        ['OVER_LIMIT', 'OVER_LIMIT', 'OVER_LIMIT'],
      );
    });

    it('two quota descriptors, one over -> OK (the status itself stays OVER_LIMIT)', async () => {
      const h = createServiceHarness(RULES);
      await exhaust(h, a);
      const decision = await h.call('rl', [a, b]);
      assert.deepEqual(
        [decision.overallCode, ...decision.statuses.map((s) => s.code)],
        ['OK', 'OVER_LIMIT', 'OK'],
      );
    });

    it('regular over + quota ok -> OVER_LIMIT; regular ok + quota over -> OK', async () => {
      const h = createServiceHarness(RULES);
      await repeat(3, () => h.call('rl', [descriptor('user=carol')]));
      assert.equal((await h.call('rl', [descriptor('user=carol'), b])).overallCode, 'OVER_LIMIT');
      await exhaust(h, a);
      assert.equal((await h.call('rl', [descriptor('user=dave'), a])).overallCode, 'OK');
    });

    it('with SHADOW_MODE the overall is OK anyway', async () => {
      const h = createServiceHarness(RULES, { isGlobalShadowMode: true });
      await exhaust(h, a, b);
      assert.equal((await h.call('rl', [a, b])).overallCode, 'OK');
      assert.equal(h.counter(GLOBAL_SHADOW), 1);
    });

    it('global QUOTA_MODE: an exhausted descriptor plus an unmatched one is allowed', async () => {
      const h = createServiceHarness(RULES, { isGlobalQuotaMode: true });
      await repeat(3, () => h.call('rl', [descriptor('user=erin')]));
      assert.equal((await h.call('rl', [descriptor('user=erin')])).overallCode, 'OVER_LIMIT');
      assert.equal(
        (await h.call('rl', [descriptor('user=erin'), descriptor('unmatched=x')])).overallCode,
        'OK',
      );
    });
  });

  describe('response assembly', () => {
    it('headers: clock 2222, MINUTE, L=10 over -> Limit 10, Remaining 0, Reset 58', async () => {
      const h = createServiceHarness(RULES, { responseHeaders: HEADERS });
      const decisions = await repeat(11, () => h.call('rl', [descriptor('minute10=x')]));
      assert.deepEqual(decisions[10].responseHeadersToAdd, [
        { key: 'RateLimit-Limit', value: '10' },
        { key: 'RateLimit-Remaining', value: '0' },
        { key: 'RateLimit-Reset', value: '58' },
      ]);
      assert.deepEqual(decisions[0].responseHeadersToAdd[1], { key: 'RateLimit-Remaining', value: '9' });
    });

    it('headers off, or no descriptor with a limit: no headers', async () => {
      assert.deepEqual(
        (await createServiceHarness(RULES).call('rl', [descriptor('user=x')])).responseHeadersToAdd,
        [],
      );
      const h = createServiceHarness(RULES, { responseHeaders: HEADERS });
      assert.deepEqual((await h.call('rl', [descriptor('nothing=x')])).responseHeadersToAdd, []);
    });

    it('dynamic metadata when enabled: request shape plus metadata of passed descriptors', async () => {
      const h = createServiceHarness(RULES, { isDynamicMetadataEnabled: true });
      const decision = await h.call(
        'rl',
        [{ ...descriptor('quota_a=x'), hitsAddend: 1 }, descriptor('user=y')],
        2,
      );
      assert.deepEqual(decision.dynamicMetadata, {
        domain: 'rl',
        descriptors: [{ entries: ['quota_a=x'], hitsAddend: 1 }, { entries: ['user=y'] }],
        hitsAddend: 2,
        metadata: { owner: 'a' },
      });
      const off = await createServiceHarness(RULES).call('rl', [descriptor('quota_a=x')]);
      assert.equal(off.dynamicMetadata, undefined);
    });
  });
});
