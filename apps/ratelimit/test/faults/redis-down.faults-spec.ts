// Redis failing under load (envoyproxy/ratelimit #462, #978, #1143): killed with SIGKILL while
// calls are in flight and restarted on the same port, then frozen with SIGSTOP. The service
// must stay up, answer every call (a decision or UNAVAILABLE) within the store timeout
// (KV_TIMEOUT, default 300 ms) and serve decisions again within 2 s of Redis answering.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { startRedis, stopAllServers, waitFor, type RedisServer } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { inFlightAt, recoveryMs, startLoad, summarize, waitForCalls } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: faults
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
`;
/** The default of KV_TIMEOUT (the service runs with it). */
const KV_TIMEOUT_MS = 300;
/**
 * Answer times are measured by the client: besides the store timeout they include gRPC and the
 * event loops of both processes on a shared 2-core machine. This allowance is for that only.
 */
const SCHEDULING_ALLOWANCE_MS = 700;
const RECOVERY_BOUND_MS = 2000;
const IN_FLIGHT = 48;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const request = (n: number) => rlsRequest('faults', [['client', `c${n % 500}`]]);

describe('Redis down under load', () => {
  let redis: RedisServer;
  let service: FaultService;

  before(async () => {
    redis = await startRedis();
    const rules = createRulesDir({ 'faults.yaml': RULES });
    service = await startFaultService({ ...rules.env, BACKEND_TYPE: 'redis', REDIS_URL: redis.url });
  });
  after(async () => {
    await service?.stop();
    await stopAllServers();
  });

  // Longer than 40 lines on purpose: the fault, the load and every figure belong to one timeline.
  it(`SIGKILL with ${IN_FLIGHT} calls in flight, restart on the same port: every call answered, recovery < 2 s`, async (t) => {
    const load = startLoad({ client: service.grpc, inFlight: IN_FLIGHT, request }, t);
    await waitForCalls(load, 2000);
    // Frozen first, so the calls of this moment are waiting inside it when it dies.
    process.kill(redis.pid, 'SIGSTOP');
    await pause(100);
    const killedAt = performance.now();
    await redis.kill('SIGKILL');
    await pause(1500); // Redis stays down for 1.5 s under load
    const json = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify({ domain: 'faults', descriptors: [{ entries: [{ key: 'client', value: 'x' }] }] }),
    });
    await redis.restart();
    const answeringAt = performance.now();
    await waitForCalls(load, 2000);
    await pause(Math.max(0, answeringAt + 3000 - performance.now()));
    const records = await load.stop();

    const summary = summarize(records);
    const recovery = recoveryMs(records, answeringAt);
    reportFigure(t, 'redis_kill.calls', summary);
    reportFigure(t, 'redis_kill.in_flight_at_kill', inFlightAt(records, killedAt));
    reportFigure(t, 'redis_kill.max_answer_ms', summary.maxLatencyMs);
    reportFigure(t, 'redis_kill.recovery_ms_after_redis_answered', recovery);
    assert.ok(service.isAlive(), 'the service process is still running');
    assert.ok(inFlightAt(records, killedAt) >= 32, 'at least 32 calls were in flight at the kill');
    assert.deepEqual(
      Object.keys(summary.outcomes).filter((code) => !['OK', 'UNAVAILABLE'].includes(code)),
      [],
    );
    assert.ok((summary.outcomes.UNAVAILABLE ?? 0) > 0, 'callers saw UNAVAILABLE while Redis was down');
    for (const { outcome } of records.filter((record) => record.outcome.code === 'UNAVAILABLE'))
      assert.match(outcome.details ?? '', /^redis counter store unavailable: /);
    assert.ok(
      summary.maxLatencyMs <= KV_TIMEOUT_MS + SCHEDULING_ALLOWANCE_MS,
      `max ${summary.maxLatencyMs} ms`,
    );
    assert.ok(recovery !== undefined && recovery <= RECOVERY_BOUND_MS, `recovery ${recovery} ms`);
    assert.equal(json.status, 503);
    assert.match(((await json.json()) as { message: string }).message, /^redis counter store unavailable: /);
    assert.ok(((await service.stats()).get('ratelimit.service.call.should_rate_limit.redis_error') ?? 0) > 0);
    assert.equal(await service.health(), 200);
  });

  it('SIGSTOP (a frozen Redis) for 2 s: every call answered within KV_TIMEOUT, then decisions again', async (t) => {
    const load = startLoad({ client: service.grpc, inFlight: IN_FLIGHT, request }, t);
    await waitForCalls(load, 1000);
    process.kill(redis.pid, 'SIGSTOP');
    const frozenAt = performance.now();
    try {
      await pause(2000);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    const answeringAt = performance.now();
    await waitForCalls(load, 2000);
    await pause(Math.max(0, answeringAt + 3000 - performance.now()));
    const records = await load.stop();

    const summary = summarize(records);
    const recovery = recoveryMs(records, answeringAt);
    const whileFrozen = summarize(records.filter((r) => r.startMs >= frozenAt && r.endMs <= answeringAt));
    reportFigure(t, 'redis_freeze.calls', summary);
    reportFigure(t, 'redis_freeze.while_frozen', whileFrozen);
    reportFigure(t, 'redis_freeze.recovery_ms_after_sigcont', recovery);
    assert.ok(service.isAlive());
    assert.deepEqual(
      Object.keys(summary.outcomes).filter((code) => !['OK', 'UNAVAILABLE'].includes(code)),
      [],
    );
    assert.ok((whileFrozen.outcomes.UNAVAILABLE ?? 0) > 0, 'calls failed while Redis was frozen');
    assert.ok(
      summary.maxLatencyMs <= KV_TIMEOUT_MS + SCHEDULING_ALLOWANCE_MS,
      `max ${summary.maxLatencyMs} ms`,
    );
    assert.ok(recovery !== undefined && recovery <= RECOVERY_BOUND_MS, `recovery ${recovery} ms`);
    await waitFor(async () => (await service.grpc.call(request(1))).code === 'OK', {
      timeoutMs: 5000,
      description: 'a decision after SIGCONT',
    });
  });
});
