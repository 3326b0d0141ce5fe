// The service on a real redis-server (docs/stores.md): counters in Redis under the reference's
// keys, UNAVAILABLE / 503 with the cause while Redis is down, full service once it is back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { startRedis, stopAllServers, waitFor, type RedisServer } from '@repo/test-support';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: redis_e2e
descriptors:
  - key: api_key
    rate_limit: { unit: minute, requests_per_unit: 2 }
  - key: burst
    rate_limit: { unit: second, requests_per_unit: 100 }
`;
// Unix time 1764000000 (a multiple of 60): MINUTE window start 1764000000.
const NOW_MS = 1_764_000_000_000 + 5_000;

describe('the service on Redis', () => {
  let redis: RedisServer;
  let app: TestApp;

  before(async () => {
    redis = await startRedis();
    const rules = createRulesDir({ 'redis.yaml': RULES });
    app = await startTestApp(
      {
        ...rules.env,
        BACKEND_TYPE: 'redis',
        REDIS_URL: redis.url,
        CACHE_KEY_PREFIX: 'pfx:',
        KV_TIMEOUT: '300ms',
      },
      { clock: new FakeClock(NOW_MS) },
    );
  });
  after(async () => {
    await app.stop();
    await stopAllServers();
  });

  it('counts in Redis under <prefix><domain>_<key>_<value>_<window start> with expiry = unit', async () => {
    const request = rlsRequest('redis_e2e', [['api_key', 'k1']]);
    assert.equal((await app.grpc.shouldRateLimit(request)).statuses[0].limitRemaining, 1);
    assert.equal((await app.grpc.shouldRateLimit(request)).overallCode, 'OK');
    assert.equal((await app.grpc.shouldRateLimit(request)).overallCode, 'OVER_LIMIT');
    assert.equal(await redis.command('GET', 'pfx:redis_e2e_api_key_k1_1764000000'), '3');
    assert.equal(await redis.command('TTL', 'pfx:redis_e2e_api_key_k1_1764000000'), 60);
  });

  it('fails calls with UNAVAILABLE / 503 naming the cause while Redis is down, and recovers', async () => {
    const request = rlsRequest('redis_e2e', [['burst', 'b1']]);
    await redis.kill('SIGKILL');
    const error = await app.grpc.shouldRateLimitError(request);
    assert.equal(error.code, GrpcStatus.UNAVAILABLE);
    assert.match(error.details, /^redis counter store unavailable: /);
    const http = await app.json({
      domain: 'redis_e2e',
      descriptors: [{ entries: [{ key: 'burst', value: 'b1' }] }],
    });
    assert.equal(http.status, 503);
    assert.match((http.body as { message: string }).message, /^redis counter store unavailable: /);
    // Descriptors without a limit need no store and still succeed.
    assert.equal(
      (await app.grpc.shouldRateLimit(rlsRequest('redis_e2e', [['nolimit', 'x']]))).overallCode,
      'OK',
    );
    await redis.restart();
    const recovered = await waitFor(
      async () => (await app.grpc.shouldRateLimit(request).catch(() => undefined))?.overallCode,
      { timeoutMs: 5000, description: 'a decision after Redis restarted' },
    );
    assert.equal(recovered, 'OK');
    const stats = await (await fetch(`${app.debugUrl}/stats`)).text();
    assert.match(stats, /ratelimit\.service\.call\.should_rate_limit\.redis_error: [1-9]\d*\n/);
  });
});
