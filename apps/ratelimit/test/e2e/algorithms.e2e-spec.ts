// Sliding windows and token buckets end to end (docs/algorithms.md): the real service over gRPC and /json,
// on the memory store, on a real Redis (keys and expiry as documented) and on a real memcached
// (sliding windows; token_bucket rules refused at load, the rules in force stay). A fake clock
// pins the numbers; every backend must give the same ones.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
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

const SLIDING_RULES = `
domain: algo
descriptors:
  - key: sliding
    rate_limit: { unit: minute, requests_per_unit: 3, algorithm: sliding_window }
`;
const BUCKET_RULES = `
domain: algo_tb
descriptors:
  - key: bucket
    rate_limit: { unit: minute, requests_per_unit: 60, algorithm: token_bucket, burst: 2 }
`;
// Unix time 1764000000 is a multiple of 60: a minute window starts there.
const WINDOW_START_MS = 1_764_000_000_000;

const json = (domain: string, key: string, value: string, hitsAddend?: number) => ({
  domain,
  descriptors: [{ entries: [{ key, value }] }],
  ...(hitsAddend === undefined ? {} : { hits_addend: hitsAddend }),
});

/** Waits until the counter of `value` in the window starting at `windowStartMs` holds `count`. */
type Settle = (value: string, windowStartMs: number, count: number) => Promise<void>;
const noSettling: Settle = () => Promise.resolve();
const NEXT_WINDOW_MS = WINDOW_START_MS + 60_000;

/** The sliding window's documented numbers over both transports; the same on every backend. */
async function checkSlidingWindow(app: TestApp, clock: FakeClock, value: string, settle: Settle) {
  clock.set(WINDOW_START_MS);
  assert.equal((await app.json(json('algo', 'sliding', value, 3))).status, 200); // previous window: 3
  await settle(value, WINDOW_START_MS, 3);
  clock.set(WINDOW_START_MS + 90_000); // 30 s into the next window: the previous weighs 1/2
  // estimate = floor(3 x 30/60) + 1 = 2: remaining 1, reset at the window end (30 s)
  const first = await app.grpc.shouldRateLimit(rlsRequest('algo', [['sliding', value]]));
  assert.deepEqual(
    [first.overallCode, first.statuses[0].limitRemaining, first.statuses[0].durationUntilReset?.seconds],
    ['OK', 1, 30],
  );
  await settle(value, NEXT_WINDOW_MS, 1);
  const second = await app.json(json('algo', 'sliding', value));
  assert.deepEqual(
    [second.status, (second.body as { statuses: object[] }).statuses[0]],
    [200, { code: 'OK', currentLimit: { requestsPerUnit: 3, unit: 'MINUTE' }, durationUntilReset: '30s' }],
  );
  await settle(value, NEXT_WINDOW_MS, 2);
  // 1 + 3 = 4 > 3: the next hit fits 1 ms into the next window (floor(3 x 59.999/60) = 2): 31 s
  const third = await app.json(json('algo', 'sliding', value));
  assert.deepEqual(
    [third.status, (third.body as { statuses: object[] }).statuses[0]],
    [
      429,
      { code: 'OVER_LIMIT', currentLimit: { requestsPerUnit: 3, unit: 'MINUTE' }, durationUntilReset: '31s' },
    ],
  );
}

/** The token bucket's documented numbers over both transports (T = 1 s, burst 2). */
async function checkTokenBucket(app: TestApp, clock: FakeClock, value: string) {
  clock.set(WINDOW_START_MS + 5_000);
  const first = await app.grpc.shouldRateLimit(rlsRequest('algo_tb', [['bucket', value]]));
  assert.deepEqual(
    [first.overallCode, first.statuses[0].limitRemaining, first.statuses[0].durationUntilReset?.seconds],
    ['OK', 1, 1],
  );
  const second = await app.json(json('algo_tb', 'bucket', value));
  assert.deepEqual(
    [second.status, (second.body as { statuses: object[] }).statuses[0]],
    [200, { code: 'OK', currentLimit: { requestsPerUnit: 60, unit: 'MINUTE' }, durationUntilReset: '2s' }],
  );
  const refused = await app.grpc.shouldRateLimit(rlsRequest('algo_tb', [['bucket', value]]));
  assert.deepEqual([refused.overallCode, refused.statuses[0].durationUntilReset?.seconds], ['OVER_LIMIT', 1]);
  assert.equal((await app.json(json('algo_tb', 'bucket', value))).status, 429);
  clock.advance(1000); // one token back
  assert.equal((await app.json(json('algo_tb', 'bucket', value))).status, 200);
  assert.equal((await app.json(json('algo_tb', 'bucket', value))).status, 429);
}

describe('algorithms on the memory store', () => {
  const clock = new FakeClock(WINDOW_START_MS);
  let app: TestApp;
  before(async () => {
    const rules = createRulesDir({ 'sliding.yaml': SLIDING_RULES, 'bucket.yaml': BUCKET_RULES });
    app = await startTestApp(rules.env, { clock });
  });
  after(() => app?.stop());

  it('sliding window over gRPC and /json', () => checkSlidingWindow(app, clock, 'm', noSettling));
  it('token bucket over gRPC and /json', () => checkTokenBucket(app, clock, 'm'));
  it('names algorithm= and burst= on /rlconfig', async () => {
    const dump = await (await fetch(`${app.debugUrl}/rlconfig`)).text();
    assert.match(
      dump,
      /^algo\.sliding: unit=MINUTE requests_per_unit=3 algorithm=sliding_window, shadow_mode: false/m,
    );
    assert.match(
      dump,
      /^algo_tb\.bucket: unit=MINUTE requests_per_unit=60 algorithm=token_bucket burst=2, /m,
    );
  });
});

for (const incrementScript of ['true', 'false']) {
  describe(`algorithms on Redis (KV_INCREMENT_SCRIPT=${incrementScript})`, () => {
    const clock = new FakeClock(WINDOW_START_MS);
    let redis: RedisServer;
    let app: TestApp;
    before(async () => {
      redis = await startRedis();
      const rules = createRulesDir({ 'sliding.yaml': SLIDING_RULES, 'bucket.yaml': BUCKET_RULES });
      const env = {
        ...rules.env,
        BACKEND_TYPE: 'redis',
        REDIS_URL: redis.url,
        KV_INCREMENT_SCRIPT: incrementScript,
      };
      app = await startTestApp(env, { clock });
    });
    after(async () => {
      await app?.stop();
      await stopAllServers();
    });

    it('sliding window over gRPC and /json; the current window lives 2 windows in Redis', async () => {
      await checkSlidingWindow(app, clock, 'r', noSettling);
      const current = `algo_sliding_r_${WINDOW_START_MS / 1000 + 60}`;
      assert.equal(await redis.command('GET', current), '3');
      assert.equal(await redis.command('GET', `algo_sliding_r_${WINDOW_START_MS / 1000}`), '3');
      assert.equal(await redis.command('TTL', current), 120);
    });

    it('token bucket over gRPC and /json; one key per descriptor holding the TAT', async () => {
      await checkTokenBucket(app, clock, 'r');
      assert.equal(
        await redis.command('GET', 'algo_tb_bucket_r_tb'),
        String(WINDOW_START_MS + 5_000 + 1000 + 2000),
      );
    });
  });
}

describe('algorithms on memcached', () => {
  const clock = new FakeClock(WINDOW_START_MS);
  const logs: string[] = [];
  let memcached: MemcachedServer;
  let rules: RulesDir;
  let app: TestApp;
  before(async () => {
    memcached = await startMemcached();
    rules = createRulesDir({ 'sliding.yaml': SLIDING_RULES });
    const env = { ...rules.env, BACKEND_TYPE: 'memcache', ALTCACHE_HOST_PORT: memcached.url };
    app = await startTestApp(env, { clock, logger: captureLogs(logs) });
  });
  after(async () => {
    await app?.stop();
    await stopAllServers();
  });

  // memcached counts after answering (docs/stores.md#memcache): wait until the count shows before
  // the next call
  const settle: Settle = async (value, windowStartMs, count) => {
    const key = `algo_sliding_${value}_${windowStartMs / 1000}`;
    await waitFor(async () => (await memcached.command(`incr ${key} 0`)) === String(count), {
      timeoutMs: 5000,
      description: `${key} = ${count}`,
    });
  };

  it('sliding window over gRPC and /json (the previous window joins the multi-get)', () =>
    checkSlidingWindow(app, clock, 'mc', settle));

  it('refuses a token_bucket rule at load with the documented message; the rules in force stay', async () => {
    const stats = async () => (await fetch(`${app.debugUrl}/stats`)).text();
    rules.write('bucket.yaml', BUCKET_RULES);
    await waitFor(async () => /config_load_error: 1\n/.test(await stats()), {
      timeoutMs: 10_000,
      description: 'config_load_error',
    });
    assert.ok(
      logs.some((line) => line.includes('bucket.yaml: token_bucket needs the redis or memory backend')),
      logs.join(''),
    );
    const dump = await (await fetch(`${app.debugUrl}/rlconfig`)).text();
    assert.equal(
      dump,
      'algo.sliding: unit=MINUTE requests_per_unit=3 algorithm=sliding_window, shadow_mode: false, quota_mode: false\n',
    );
  });
});
