import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StoreUnavailableError } from '@repo/storage';
import { InvalidRequestError, NoConfigLoadedError } from '../errors';
import { createServiceHarness, descriptor, repeat } from '../../test/support/service-harness';
import { RateLimitService } from './ratelimit.service';

const RULES = `
domain: rl
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 3, name: per_user }
  - key: key1
    value: value1
    descriptors:
      - key: subkey1
        rate_limit: { unit: hour, requests_per_unit: 15 }
  - key: free
    rate_limit: { unlimited: true }
  - key: whitelisted
  - key: blocked
    rate_limit: { unit: second, requests_per_unit: 0 }
`;
const SERVICE_ERROR = 'ratelimit.service.call.should_rate_limit.service_error';
const REDIS_ERROR = 'ratelimit.service.call.should_rate_limit.redis_error';
const alice = descriptor('user=alice');

describe(RateLimitService.name, () => {
  describe('errors', () => {
    const isError = (type: new (...args: never[]) => Error, message: string) => (error: unknown) =>
      error instanceof type && error.message === message;

    it('empty domain: "rate limit domain must not be empty", service_error+1', async () => {
      const h = createServiceHarness(RULES);
      await assert.rejects(
        h.call('', [alice]),
        isError(InvalidRequestError, 'rate limit domain must not be empty'),
      );
      assert.deepEqual([h.counter(SERVICE_ERROR), h.counter(REDIS_ERROR)], [1, 0]);
    });

    it('no descriptors: "rate limit descriptor list must not be empty", service_error+1', async () => {
      const h = createServiceHarness(RULES);
      const message = 'rate limit descriptor list must not be empty';
      await assert.rejects(h.call('rl', []), isError(InvalidRequestError, message));
      assert.equal(h.counter(SERVICE_ERROR), 1);
    });

    it('no config ever loaded: "no rate limit configuration loaded", service_error+1', async () => {
      const h = createServiceHarness(undefined);
      await assert.rejects(
        h.call('rl', [alice]),
        isError(NoConfigLoadedError, 'no rate limit configuration loaded'),
      );
      assert.equal(h.counter(SERVICE_ERROR), 1);
    });

    it('override with unit UNKNOWN: InvalidRequestError, service_error+1, nothing counted', async () => {
      const h = createServiceHarness(RULES);
      const bad = { ...alice, limit: { requestsPerUnit: 1, unit: 'UNKNOWN' as never } };
      await assert.rejects(h.call('rl', [bad]), InvalidRequestError);
      assert.deepEqual([h.counter(SERVICE_ERROR), h.store.incrementCalls], [1, 0]);
    });

    it('store failure: StoreUnavailableError rejected, redis_error+1, no total_hits (no hits counted)', async () => {
      const h = createServiceHarness(RULES);
      h.store.failWithRedisError();
      await assert.rejects(
        h.call('rl', [alice]),
        isError(
          StoreUnavailableError,
          'redis counter store unavailable: connect ECONNREFUSED 127.0.0.1:6379',
        ),
      );
      assert.deepEqual([h.counter(REDIS_ERROR), h.counter(SERVICE_ERROR)], [1, 0]);
      assert.equal(h.limitStat('rl.user', 'total_hits'), 0);
    });

    it('with the store down, requests whose descriptors have no limit still succeed', async () => {
      const h = createServiceHarness(RULES);
      h.store.failWithRedisError();
      const decision = await h.call('rl', [
        descriptor('whitelisted=x'),
        descriptor('free=y'),
        descriptor('nope=z'),
      ]);
      assert.equal(decision.overallCode, 'OK');
      assert.equal(h.store.incrementCalls, 0);
    });

    it('with the store down, keys answered by the local cache still succeed (OVER_LIMIT)', async () => {
      const h = createServiceHarness(RULES, { localCache: true });
      await repeat(4, () => h.call('rl', [alice]));
      h.store.failWithRedisError();
      assert.equal((await h.call('rl', [alice])).overallCode, 'OVER_LIMIT');
      assert.equal(h.counter(REDIS_ERROR), 0);
    });

    it('any other failure is rethrown as it is and counted in neither error stat', async () => {
      const h = createServiceHarness(RULES);
      h.store.failure = new TypeError('boom');
      await assert.rejects(h.call('rl', [alice]), isError(TypeError, 'boom'));
      assert.deepEqual([h.counter(REDIS_ERROR), h.counter(SERVICE_ERROR)], [0, 0]);
    });
  });

  describe('lookup', () => {
    it('unknown domain: domain_not_found += number of descriptors, all OK without limit, no store call', async () => {
      const h = createServiceHarness(RULES);
      const override = { ...alice, limit: { requestsPerUnit: 1, unit: 'SECOND' as const } };
      const decision = await h.call('nope', [alice, descriptor('a=b'), override]);
      assert.deepEqual(decision, {
        overallCode: 'OK',
        statuses: [0, 1, 2].map(() => ({ code: 'OK', limitRemaining: 0 })),
        responseHeadersToAdd: [],
        dynamicMetadata: undefined,
      });
      assert.equal(h.counter('ratelimit.service.rate_limit.nope.domain_not_found'), 3);
      assert.equal(h.store.incrementCalls, 0);
    });

    it('a whitelisted descriptor (no rate_limit) and an unmatched one: {code OK}, nothing counted', async () => {
      const h = createServiceHarness(RULES);
      const decision = await h.call('rl', [descriptor('whitelisted=x'), descriptor('key1=value1')]);
      assert.deepEqual(decision.statuses, [
        { code: 'OK', limitRemaining: 0 },
        { code: 'OK', limitRemaining: 0 },
      ]);
      assert.equal(h.store.incrementCalls, 0);
    });

    it('L=15 (N=12) through the service: after 11 rem 4, after 13 rem 2 near, after 16 OVER; stats key of the config path', async () => {
      const h = createServiceHarness(RULES);
      const decisions = await repeat(16, () => h.call('rl', [descriptor('key1=value1', 'subkey1=s')]));
      const remaining = decisions.map((d) => d.statuses[0].limitRemaining);
      assert.deepEqual(remaining.slice(10), [4, 3, 2, 1, 0, 0]);
      assert.deepEqual(decisions[15].statuses[0], {
        code: 'OVER_LIMIT',
        currentLimit: h.registry.snapshot!.findLimit('rl', descriptor('key1=value1', 'subkey1=s'))!.rule,
        limitRemaining: 0,
        durationUntilResetSeconds: 1378,
      });
      const stat = (name: string) => h.limitStat('rl.key1_value1.subkey1', name);
      assert.deepEqual(['total_hits', 'within_limit', 'near_limit', 'over_limit'].map(stat), [16, 15, 3, 1]);
    });

    it('requests_per_unit 0 blocks everything', async () => {
      const h = createServiceHarness(RULES);
      assert.equal((await h.call('rl', [descriptor('blocked=x')])).overallCode, 'OVER_LIMIT');
    });

    it('counts under <CACHE_KEY_PREFIX><domain>_<key>_<value>_<windowStart>', async () => {
      const h = createServiceHarness(RULES, { cacheKeyPrefix: 'prefix:' });
      await repeat(2, () => h.call('rl', [alice]));
      assert.deepEqual(await h.store.getMany([{ key: 'prefix:rl_user_alice_2220', windowSeconds: 60 }]), [2]);
    });
  });

  describe('hits_addend', () => {
    it('request-level 0 means 1', async () => {
      const h = createServiceHarness(RULES);
      assert.equal((await h.call('rl', [alice], 0)).statuses[0].limitRemaining, 2);
      assert.equal(h.limitStat('rl.user', 'total_hits'), 1);
    });

    it('request-level addend applies to descriptors without their own', async () => {
      const h = createServiceHarness(RULES);
      assert.equal((await h.call('rl', [alice], 2)).statuses[0].limitRemaining, 1);
      assert.equal(h.limitStat('rl.user', 'total_hits'), 2);
    });

    it('the per-descriptor wrapper wins over the request-level addend', async () => {
      const h = createServiceHarness(RULES);
      const decision = await h.call('rl', [{ ...alice, hitsAddend: 3 }, descriptor('user=bob')], 2);
      assert.deepEqual(
        decision.statuses.map((s) => s.limitRemaining),
        [0, 1],
      );
      assert.equal(h.limitStat('rl.user', 'total_hits'), 5);
    });

    it('a per-descriptor 0 is honoured: check only, total_hits +0, still OVER_LIMIT once over', async () => {
      const h = createServiceHarness(RULES);
      const check = { ...alice, hitsAddend: 0 };
      assert.equal((await h.call('rl', [check], 5)).statuses[0].limitRemaining, 3);
      await h.call('rl', [alice], 4);
      const decision = await h.call('rl', [check]);
      assert.equal(decision.overallCode, 'OVER_LIMIT');
      assert.deepEqual(
        ['total_hits', 'over_limit'].map((s) => h.limitStat('rl.user', s)),
        [4, 1],
      );
    });
  });

  describe('unlimited and replaces', () => {
    it('unlimited: {code OK, limit_remaining 4294967295}, no store call, no stats at all', async () => {
      const h = createServiceHarness(RULES);
      const decision = await h.call('rl', [descriptor('free=x')]);
      assert.deepEqual(decision.statuses, [{ code: 'OK', limitRemaining: 4294967295 }]);
      assert.equal(h.store.incrementCalls, 0);
      assert.deepEqual(
        [...h.stats.store.counters()].filter((c) => c.name.includes('free')),
        [],
      );
    });
  });
});
