// Several limits on one descriptor (`rate_limits`) end to end: the real service over gRPC and
// /json, on the memory store, on a real Redis (item keys, one script call per request, 1-second
// items on the per-second Redis) and on a real memcached (item keys; a token_bucket item refused
// at load). A fake clock pins the numbers; every backend must give the same ones.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  redisScriptCalls,
  startMemcached,
  startRedis,
  stopAllServers,
  waitFor,
  type MemcachedServer,
  type RedisServer,
} from '@repo/test-support';
import { captureLogs } from '../support/capture-logs';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir, type RulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: quota
descriptors:
  - key: account_id
    rate_limits:
      - unit: minute
        requests_per_unit: 2
      - unit: day
        requests_per_unit: 3
        name: daily
`;
const PER_SECOND_RULES = `
domain: quota_s
descriptors:
  - key: account_id
    rate_limits:
      - { unit: second, requests_per_unit: 10 }
      - { unit: hour, requests_per_unit: 100 }
`;
const BUCKET_ITEM_RULES = `
domain: quota_tb
descriptors:
  - key: account_id
    rate_limits:
      - { unit: second, requests_per_unit: 10, algorithm: token_bucket }
`;
// Unix time 1764000000 starts a minute; the day window started at 1763942400, 28800 s of it are left.
const NOW_S = 1_764_000_000;
const DAY_START_S = 1_763_942_400;
const HEADERS_ON = { LIMIT_RESPONSE_HEADERS_ENABLED: 'true' };

/** Waits until `count` hits of `value` show in the store (memcached counts after answering). */
type Settle = (value: string, count: number) => Promise<void>;
const noSettling: Settle = () => Promise.resolve();
const json = (value: string) => ({
  domain: 'quota',
  descriptors: [{ entries: [{ key: 'account_id', value }] }],
});
type JsonStatus = { statuses: object[]; responseHeadersToAdd?: object[] };

/** 2 a minute and 3 a day: the minute cap answers first, then the daily quota. */
async function checkDecisions(app: TestApp, clock: FakeClock, value: string, settle: Settle) {
  clock.set(NOW_S * 1000);
  const grpc = () => app.grpc.shouldRateLimit(rlsRequest('quota', [['account_id', value]]));
  const first = await grpc();
  assert.deepEqual(
    [first.overallCode, first.statuses[0].limitRemaining, first.statuses[0].currentLimit],
    ['OK', 1, { requestsPerUnit: 2, unit: 'MINUTE' }],
  );
  await settle(value, 1);
  const second = await app.json(json(value));
  assert.deepEqual(
    [second.status, (second.body as JsonStatus).statuses[0]],
    [200, { code: 'OK', currentLimit: { requestsPerUnit: 2, unit: 'MINUTE' }, durationUntilReset: '60s' }],
  );
  await settle(value, 2);
  const third = await grpc(); // the minute cap is over
  assert.deepEqual([third.overallCode, third.statuses[0].currentLimit?.unit], ['OVER_LIMIT', 'MINUTE']);
  await settle(value, 3);
  clock.set(NOW_S * 1000 + 60_000); // a new minute; the day holds 4 of 3
  const fourth = await app.json(json(value));
  const daily = { code: 'OVER_LIMIT', currentLimit: { requestsPerUnit: 3, unit: 'DAY', name: 'daily' } };
  assert.deepEqual(
    [
      fourth.status,
      (fourth.body as JsonStatus).statuses[0],
      (fourth.body as JsonStatus).responseHeadersToAdd,
    ],
    [
      429,
      { ...daily, durationUntilReset: '28740s' },
      [
        { key: 'RateLimit-Limit', value: '3' },
        { key: 'RateLimit-Remaining', value: '0' },
        { key: 'RateLimit-Reset', value: '28740' },
      ],
    ],
  );
}

describe('several limits on the memory store', () => {
  const clock = new FakeClock(NOW_S * 1000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ ...createRulesDir({ 'quota.yaml': RULES }).env, ...HEADERS_ON }, { clock });
  });
  after(() => app?.stop());

  it('a per-minute cap and a daily quota over gRPC and /json', () =>
    checkDecisions(app, clock, 'm', noSettling));

  it('prints one /rlconfig line per item', async () => {
    assert.equal(
      await (await fetch(`${app.debugUrl}/rlconfig`)).text(),
      'quota.account_id.per_minute: unit=MINUTE requests_per_unit=2, shadow_mode: false, quota_mode: false\n' +
        'quota.account_id.daily: unit=DAY requests_per_unit=3, shadow_mode: false, quota_mode: false\n',
    );
  });
});

describe('several limits on Redis, with a per-second Redis', () => {
  const clock = new FakeClock(NOW_S * 1000);
  let redis: RedisServer;
  let perSecond: RedisServer;
  let app: TestApp;
  before(async () => {
    [redis, perSecond] = await Promise.all([startRedis(), startRedis()]);
    const env = {
      ...createRulesDir({ 'quota.yaml': RULES, 'quota_s.yaml': PER_SECOND_RULES }).env,
      ...HEADERS_ON,
      BACKEND_TYPE: 'redis',
      REDIS_URL: redis.url,
      KV_PERSECOND: 'true',
      KV_PERSECOND_URL: perSecond.url,
      CACHE_KEY_PREFIX: 'pfx:',
    };
    app = await startTestApp(env, { clock });
  });
  after(async () => {
    await app?.stop();
    await stopAllServers();
  });

  it('a per-minute cap and a daily quota over gRPC and /json', () =>
    checkDecisions(app, clock, 'r', noSettling));

  it('counts each item on its own key, with its own expiry', async () => {
    const key = (suffix: string) => `pfx:quota_account_id_r_${suffix}`;
    assert.equal(await redis.command('GET', key(`per_minute_${NOW_S}`)), '3');
    assert.equal(await redis.command('GET', key(`per_minute_${NOW_S + 60}`)), '1');
    assert.equal(await redis.command('TTL', key(`per_minute_${NOW_S + 60}`)), 60);
    assert.equal(await redis.command('GET', key(`daily_${DAY_START_S}`)), '4');
    assert.equal(await redis.command('TTL', key(`daily_${DAY_START_S}`)), 86400);
  });

  it('sends every item of every descriptor of a request in one script call per Redis', async () => {
    clock.set(NOW_S * 1000);
    const calls = async () => [await redisScriptCalls(redis), await redisScriptCalls(perSecond)];
    const before = await calls();
    const request = rlsRequest(
      'quota_s',
      [['account_id', 'x']],
      [['account_id', 'y']],
      [['account_id', 'z']],
    );
    assert.equal((await app.grpc.shouldRateLimit(request)).overallCode, 'OK');
    const after = await calls();
    assert.deepEqual([after[0] - before[0], after[1] - before[1]], [1, 1]);
    // 1-second items on the per-second Redis, the hour on the main one
    assert.equal(await perSecond.command('GET', `pfx:quota_s_account_id_y_per_second_${NOW_S}`), '1');
    assert.equal(
      await redis.command('GET', `pfx:quota_s_account_id_y_per_hour_${NOW_S - (NOW_S % 3600)}`),
      '1',
    );
    assert.equal(await redis.command('GET', `pfx:quota_s_account_id_y_per_second_${NOW_S}`), null);
  });
});

describe('several limits on memcached', () => {
  const clock = new FakeClock(NOW_S * 1000);
  const logs: string[] = [];
  let memcached: MemcachedServer;
  let rules: RulesDir;
  let app: TestApp;
  before(async () => {
    memcached = await startMemcached();
    rules = createRulesDir({ 'quota.yaml': RULES });
    const env = { ...rules.env, ...HEADERS_ON, BACKEND_TYPE: 'memcache', ALTCACHE_HOST_PORT: memcached.url };
    app = await startTestApp(env, { clock, logger: captureLogs(logs) });
  });
  after(async () => {
    await app?.stop();
    await stopAllServers();
  });

  // memcached counts after answering: wait until both items show the count. The two increments of a
  // call may finish in either order (the client spreads commands over its connections). Calls 1-3
  // fall in the first minute, call 4 in the next.
  const settle: Settle = async (value, count) => {
    const minuteStart = count <= 3 ? NOW_S : NOW_S + 60;
    const expected = [
      [`quota_account_id_${value}_daily_${DAY_START_S}`, count],
      [`quota_account_id_${value}_per_minute_${minuteStart}`, count <= 3 ? count : count - 3],
    ] as const;
    for (const [key, total] of expected) {
      await waitFor(async () => (await memcached.command(`incr ${key} 0`)) === String(total), {
        timeoutMs: 5000,
        description: `${key} = ${total}`,
      });
    }
  };

  it('a per-minute cap and a daily quota over gRPC and /json, on keys of their own', async () => {
    await checkDecisions(app, clock, 'mc', settle);
    await settle('mc', 4);
    assert.equal(await memcached.command(`incr quota_account_id_mc_per_minute_${NOW_S + 60} 0`), '1');
    assert.equal(await memcached.command(`incr quota_account_id_mc_per_minute_${NOW_S} 0`), '3');
  });

  it('refuses a token_bucket item at load; the rules in force stay', async () => {
    const stats = async () => (await fetch(`${app.debugUrl}/stats`)).text();
    rules.write('bucket.yaml', BUCKET_ITEM_RULES);
    await waitFor(async () => /config_load_error: 1\n/.test(await stats()), {
      timeoutMs: 10_000,
      description: 'config_load_error',
    });
    const refusal = 'bucket.yaml: token_bucket needs the redis or memory backend (line 6, column 9)';
    assert.ok(
      logs.some((line) => line.includes(refusal)),
      logs.join(''),
    );
    assert.match(await (await fetch(`${app.debugUrl}/rlconfig`)).text(), /^quota\.account_id\.daily: /m);
  });
});
