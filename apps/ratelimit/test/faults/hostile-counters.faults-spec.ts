// One caller's numbers never fail another's call (docs/stores.md#saturated-counters,
// docs/stores.md#an-error-on-one-key), on the real service with a real Redis, in both
// KV_INCREMENT_SCRIPT modes. Found by an attack: 1,025 calls with a descriptor hits_addend of
// 2^53 - 1 drove one counter to 9223372036854774785, and from then on every call batched with
// that key failed (`ERR increment or decrement would overflow`) with its hits still counted. Here
// the counter is set near the top with a direct SET (fast), then hit with the largest hits_addend
// allowed while unrelated callers are batched with it; then one key is made a hash by hand.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { startRedis, stopAllServers, waitFor, type RedisServer } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import type { Outcome } from '../../load/fault-client';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: hostile
descriptors:
  - key: tenant
    rate_limit: { unit: day, requests_per_unit: 1000 }
  - key: user
    rate_limit: { unit: day, requests_per_unit: 1000 }
`;
const MAX_HITS_ADDEND = 4294967295;
/** 807 below Redis's largest integer: one more hit of MAX_HITS_ADDEND overflows it. */
const NEAR_TOP = '9223372036854775000';
const BYSTANDERS = 24;
const STAT = 'ratelimit.service.rate_limit.hostile';

type Entry = [key: string, value: string];
const request = (descriptors: { entries: Entry[]; hits?: number }[]) => ({
  domain: 'hostile',
  descriptors: descriptors.map(({ entries, hits }) => ({
    entries: entries.map(([key, value]) => ({ key, value })),
    ...(hits === undefined ? {} : { hitsAddend: { value: hits } }),
  })),
});

/** The one key of `pattern` in Redis (the service builds it: prefix, entries, window start). */
async function onlyKey(redis: RedisServer, pattern: string): Promise<string> {
  const keys = (await redis.command('KEYS', pattern)) as string[];
  assert.equal(keys.length, 1, `keys ${pattern}: ${keys.join(', ')}`);
  return keys[0];
}

const codes = (outcomes: readonly Outcome[]) => outcomes.map((outcome) => outcome.code);

for (const mode of ['script', 'commands'] as const) {
  describe(`hostile counters on Redis (KV_INCREMENT_SCRIPT=${mode === 'script' ? 'true' : 'false'})`, () => {
    let redis: RedisServer;
    let service: FaultService;
    const stat = async (name: string) => (await service.stats()).get(`${STAT}.${name}`) ?? 0;

    before(async () => {
      redis = await startRedis();
      const rules = createRulesDir({ 'hostile.yaml': RULES });
      service = await startFaultService({
        ...rules.env,
        BACKEND_TYPE: 'redis',
        REDIS_URL: redis.url,
        KV_INCREMENT_SCRIPT: mode === 'script' ? 'true' : 'false',
      });
    });
    after(async () => {
      await service?.stop();
      await stopAllServers();
    });

    it('a hits_addend above 4294967295 is refused (gRPC INVALID_ARGUMENT, /json 400), nothing counted', async () => {
      const tooMany = await service.grpc.call(request([{ entries: [['tenant', 'big']], hits: 2 ** 53 - 1 }]));
      assert.deepEqual(tooMany, {
        code: 'INVALID_ARGUMENT',
        details: 'descriptor 0: hits_addend must be an integer from 0 to 4294967295, got 9007199254740991',
      });
      const body = {
        domain: 'hostile',
        descriptors: [{ entries: [{ key: 'tenant', value: 'big' }], hitsAddend: '4294967296' }],
      };
      const json = await fetch(`${service.httpUrl}/json`, { method: 'POST', body: JSON.stringify(body) });
      assert.equal(json.status, 400);
      assert.deepEqual(await json.json(), {
        statusCode: 400,
        error: 'Bad Request',
        message:
          'invalid request body: descriptors[0].hitsAddend: expected an integer from 0 to 4294967295, got the string "4294967296"',
      });
      assert.deepEqual(await redis.command('KEYS', '*tenant_big*'), []);
    });

    // Longer than 40 lines on purpose: the setup, one concurrent burst and what everyone saw.
    it(`a counter at the top of the range: OVER_LIMIT for its callers, ${BYSTANDERS} callers batched with it OK`, async (t) => {
      assert.equal((await service.grpc.call(request([{ entries: [['tenant', 'attacker']] }]))).code, 'OK');
      const top = await onlyKey(redis, '*_tenant_attacker_*');
      assert.equal(await redis.command('SET', top, NEAR_TOP, 'KEEPTTL'), 'OK');
      const hitsBefore = await stat('user.total_hits');

      const attacker = { entries: [['tenant', 'attacker']] as Entry[], hits: MAX_HITS_ADDEND };
      const calls = [
        ...Array.from({ length: 4 }, () => service.grpc.call(request([attacker]))),
        // the attacker's key and a bystander's in one call: the call is over its limit, the bystander's counter counts
        service.grpc.call(request([attacker, { entries: [['user', 'mixed']] }])),
        ...Array.from({ length: BYSTANDERS }, (_, i) =>
          service.grpc.call(request([{ entries: [['user', `bystander${i}`]] }])),
        ),
      ];
      const startedAt = performance.now();
      const outcomes = await Promise.all(calls);
      reportFigure(t, `hostile_counters.${mode}.burst_ms`, performance.now() - startedAt);

      assert.deepEqual(codes(outcomes.slice(0, 5)), Array(5).fill('OVER_LIMIT'));
      assert.deepEqual(
        outcomes[4].response?.statuses.map((status) => [status.code, status.limitRemaining ?? 0]),
        [
          ['OVER_LIMIT', 0],
          ['OK', 999],
        ],
      );
      const bystanders = outcomes.slice(5);
      assert.deepEqual(codes(bystanders), Array(BYSTANDERS).fill('OK'));
      assert.deepEqual(
        bystanders.map((outcome) => outcome.response?.statuses[0].limitRemaining),
        Array(BYSTANDERS).fill(999),
      );
      assert.ok(
        BigInt(String(await redis.command('GET', top))) >= BigInt(NEAR_TOP),
        'the counter did not wrap',
      );
      assert.equal(await redis.command('GET', await onlyKey(redis, '*_user_bystander7_*')), '1');
      assert.equal((await stat('user.total_hits')) - hitsBefore, BYSTANDERS + 1);
      assert.equal(await stat('tenant.over_limit'), 5 * MAX_HITS_ADDEND);
    });

    // Longer than 40 lines on purpose: the setup, one concurrent burst and what everyone saw.
    it('a key set to a hash by hand (WRONGTYPE) fails only its callers; their other counters do not move', async (t) => {
      assert.equal((await service.grpc.call(request([{ entries: [['tenant', 'broken']] }]))).code, 'OK');
      const broken = await onlyKey(redis, '*_tenant_broken_*');
      await redis.command('DEL', broken);
      await redis.command('HSET', broken, 'owner', 'someone else');
      const hitsBefore = await stat('user.total_hits');

      const victims = Array.from({ length: 3 }, (_, i) =>
        service.grpc.call(
          request([{ entries: [['user', `victim${i}`]] }, { entries: [['tenant', 'broken']] }]),
        ),
      );
      const bystanders = Array.from({ length: BYSTANDERS }, (_, i) =>
        service.grpc.call(
          request([{ entries: [['user', `passerby${i}`]] }, { entries: [['tenant', `fine${i}`]] }]),
        ),
      );
      const startedAt = performance.now();
      const [failed, answered] = await Promise.all([Promise.all(victims), Promise.all(bystanders)]);
      reportFigure(t, `hostile_counters.${mode}.wrongtype_burst_ms`, performance.now() - startedAt);

      for (const outcome of failed) {
        assert.equal(outcome.code, 'UNAVAILABLE');
        assert.equal(
          outcome.details,
          `redis counter store unavailable: cannot count key ${JSON.stringify(broken)}: WRONGTYPE Operation against a key holding the wrong kind of value`,
        );
      }
      assert.deepEqual(codes(answered), Array(BYSTANDERS).fill('OK'));
      assert.deepEqual(
        answered.map((outcome) => outcome.response?.statuses.map((status) => status.limitRemaining)),
        Array(BYSTANDERS).fill([999, 999]),
      );
      // the victims' own counters were incremented in the batch, then taken back (right after the answer)
      const victimCounts = async () => {
        const keys = (await redis.command('KEYS', '*_user_victim*')) as string[];
        return Promise.all(keys.map(async (key) => Number((await redis.command('GET', key)) ?? 0)));
      };
      await waitFor(async () => (await victimCounts()).every((count) => count === 0), {
        timeoutMs: 2000,
        description: "the victims' counters back at 0",
      });
      assert.equal(
        (await stat('user.total_hits')) - hitsBefore,
        BYSTANDERS,
        'no total_hits of the failed calls',
      );
      assert.equal(await redis.command('HGET', broken, 'owner'), 'someone else');
      assert.equal(service.isAlive(), true);
    });
  });
}
