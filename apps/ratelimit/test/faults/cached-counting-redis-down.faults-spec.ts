// `counting: cached` while Redis goes away under load (docs/stores.md#cached-counting, "Nothing
// lost"): Redis (AOF, fsync on every write, so a restart keeps what it acknowledged) is frozen,
// killed and restarted on the same port while 32 calls are in flight on 20 keys. Hits counted
// from memory meanwhile stay pending and are flushed once Redis answers; after SIGTERM (which
// flushes the rest) Redis holds exactly the hits the service admitted: none lost, none twice.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { startRedis, stopAllServers, type RedisServer } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { storedCounterTotal } from '../support/stored-counter-total';
import { recoveryMs, startLoad, summarize, waitForCalls } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: cached_faults
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000, counting: cached }
`;
const IN_FLIGHT = 32;
/** Within the failure mode's bound: an exact decision fails within KV_TIMEOUT (300 ms) plus scheduling. */
const MAX_ANSWER_MS = 1500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const request = (n: number) => rlsRequest('cached_faults', [['client', `c${n % 20}`]]);

describe('counting: cached, Redis stopped and started under load', () => {
  let redis: RedisServer;
  let service: FaultService;

  before(async () => {
    redis = await startRedis({ extraConfig: ['appendonly yes', 'appendfsync always'] });
    const rules = createRulesDir({ 'cached.yaml': RULES });
    service = await startFaultService({ ...rules.env, BACKEND_TYPE: 'redis', REDIS_URL: redis.url });
  });
  after(async () => {
    await service?.stop();
    await stopAllServers();
  });

  it('stores exactly the hits admitted: pending hits flushed after the restart and at SIGTERM', async (t) => {
    const load = startLoad({ client: service.grpc, inFlight: IN_FLIGHT, request }, t);
    await waitForCalls(load, 2000);
    process.kill(redis.pid, 'SIGSTOP'); // frozen first: the calls and flushes of this moment wait inside it
    await pause(300);
    await redis.kill('SIGKILL');
    await pause(1200);
    await redis.restart();
    const answeringAt = performance.now();
    await waitForCalls(load, 2000);
    await pause(Math.max(0, answeringAt + 2000 - performance.now()));
    const records = await load.stop();
    await service.stop();

    const summary = summarize(records);
    reportFigure(t, 'cached_redis_down.calls', summary);
    reportFigure(t, 'cached_redis_down.recovery_ms_after_redis_answered', recoveryMs(records, answeringAt));
    assert.equal(await service.exited, 0, 'SIGTERM: a clean exit after the flush');
    assert.deepEqual(Object.keys(summary.outcomes).sort(), ['OK', 'UNAVAILABLE']);
    assert.ok(summary.maxLatencyMs < MAX_ANSWER_MS, `every call answered within ${MAX_ANSWER_MS} ms`);
    assert.equal(await storedCounterTotal([redis], 'cached_faults_client_*'), summary.outcomes.OK);
  });

  it('logs the hits it could not flush when SIGTERM finds Redis gone', async () => {
    const rules = createRulesDir({ 'cached.yaml': RULES });
    // no flush before SIGTERM: every hit after the first (exact) one is pending
    const env = {
      ...rules.env,
      BACKEND_TYPE: 'redis',
      REDIS_URL: redis.url,
      CACHED_COUNTING_FLUSH_INTERVAL: '1h',
    };
    service = await startFaultService(env);
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await service.grpc.call(request(0))).code);
    assert.deepEqual(codes, Array(10).fill('OK'));
    await redis.kill('SIGKILL');
    await service.stop();
    assert.equal(await service.exited, 0);
    const logged = service
      .output()
      .split('\n')
      .filter((line) => line.includes('not flushed at shutdown'));
    assert.equal(logged.length, 1, service.output());
    assert.match(
      logged[0],
      /msg="cached counting: 9 hits of store main not flushed at shutdown \(the store did not answer\)"/,
    );
  });
});
