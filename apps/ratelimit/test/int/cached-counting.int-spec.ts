// `counting: cached` through the whole service (docs/rules.md#counting): two service processes
// share one Redis (single, Sentinel, then a 3-master cluster), each called at a steady pace on one key of a
// limit of 1,000 per minute. Together they admit at least the limit and at most the documented
// bound, computed by overshootBound() from the rates measured here; after SIGTERM (each process
// flushes what is pending) Redis holds every hit the two processes answered. A per-second limit
// is counted, cached, in the per-second Redis.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { overshootBound } from '@repo/storage';
import {
  startRedis,
  startRedisCluster,
  startRedisSentinel,
  type RedisClusterTopology,
  type RedisSentinelTopology,
  type RedisServer,
} from '@repo/test-support';
import { createRulesDir, type RulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { reportFigure, startFaultService, type FaultService } from '../faults/fault-service';
import { admittedPerSecond, countCodes, latencyQuantile, pacedCalls } from '../support/paced-calls';
import { storedCounterTotal } from '../support/stored-counter-total';

const RULES = `
domain: cached
descriptors:
  - key: client
    rate_limit: { unit: minute, requests_per_unit: 1000, counting: cached }
`;
const LIMIT = 1000;
/** 10 calls per 20 ms to each process: about 500 per second each, 4,000 calls in all. */
const PACE = { perTick: 10, tickMs: 20, durationMs: 4000 };
const FLUSH_INTERVAL_MS = 250;

/** Waits until the run fits in the current minute (a new window would admit another 1,000). */
async function waitForRoomInMinute(runMs: number): Promise<void> {
  const intoMinuteMs = Date.now() % 60_000;
  if (intoMinuteMs + runMs + 3_000 > 60_000)
    await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinuteMs + 200));
}

describe('counting: cached, two service processes sharing Redis', () => {
  let server: RedisServer;
  let cluster: RedisClusterTopology;
  let sentinel: RedisSentinelTopology;
  let rules: RulesDir;

  before(async () => {
    [server, cluster, sentinel] = await Promise.all([
      startRedis(),
      startRedisCluster({ masters: 3 }),
      startRedisSentinel(),
    ]);
    rules = createRulesDir({ 'cached.yaml': RULES });
  });
  after(async () => {
    await Promise.all([server?.stop(), cluster?.stop(), sentinel?.stop()]);
  });

  /** REDIS_URL for the service, and the servers that hold the counters. */
  const topologyOf = (type: 'single' | 'sentinel' | 'cluster') =>
    ({
      single: { url: server.url, nodes: [server] },
      sentinel: { url: sentinel.url, nodes: [sentinel.master] },
      cluster: { url: cluster.url, nodes: cluster.nodes },
    })[type];

  for (const type of ['single', 'sentinel', 'cluster'] as const) {
    it(`admits between 1,000 and the bound of 1,000/min, and Redis holds every hit after SIGTERM: ${type}`, async (t) => {
      const env = {
        ...rules.env,
        BACKEND_TYPE: 'redis',
        REDIS_TYPE: type,
        REDIS_URL: topologyOf(type).url,
        CACHED_COUNTING_FLUSH_INTERVAL: `${FLUSH_INTERVAL_MS}ms`,
      };
      const services: FaultService[] = [];
      try {
        services.push(...(await Promise.all([startFaultService(env), startFaultService(env)])));
        await waitForRoomInMinute(PACE.durationMs);
        const request = () => rlsRequest('cached', [['client', type]]);
        const records = await pacedCalls(
          services.map((service) => service.grpc),
          { ...PACE, request },
        );
        await Promise.all(services.map((service) => service.stop()));
        const codes = countCodes(records);
        const bound = overshootBound({
          limit: LIMIT,
          replicas: 2,
          admittedPerSecond: admittedPerSecond(records, 2),
          flushIntervalMs: FLUSH_INTERVAL_MS,
          maxReadAgeMs: 2 * FLUSH_INTERVAL_MS,
          roundTripMs: latencyQuantile(records, 0.99),
        });
        reportFigure(t, `cached_${type}.answers`, codes);
        reportFigure(t, `cached_${type}.admitted_per_second_per_process`, admittedPerSecond(records, 2));
        reportFigure(t, `cached_${type}.bound`, bound);
        assert.deepEqual(Object.keys(codes).sort(), ['OK', 'OVER_LIMIT']);
        assert.ok(codes.OK >= LIMIT, `admitted ${codes.OK}, at least the limit`);
        assert.ok(codes.OK <= bound, `admitted ${codes.OK}, at most the bound ${bound}`);
        assert.equal(
          await storedCounterTotal(topologyOf(type).nodes, `cached_client_${type}_*`),
          records.length,
        );
      } finally {
        for (const service of services) service.kill();
      }
    });
  }
  it('counts a per-second limit in the per-second Redis (REDIS_PERSECOND), with its own engine', async (t) => {
    const perSecond = await startRedis();
    const secondRules = createRulesDir({
      'cached.yaml': `
domain: cached_second
descriptors:
  - key: client
    rate_limit: { unit: second, requests_per_unit: 1000000, counting: cached }
`,
    });
    const service = await startFaultService({
      ...secondRules.env,
      BACKEND_TYPE: 'redis',
      REDIS_URL: server.url,
      REDIS_PERSECOND: 'true',
      REDIS_PERSECOND_URL: perSecond.url,
    });
    try {
      const request = () => rlsRequest('cached_second', [['client', 'per-second']]);
      const records = await pacedCalls([service.grpc], {
        perTick: 10,
        tickMs: 20,
        durationMs: 2000,
        request,
      });
      const stats = await service.stats();
      await service.stop();
      const engine = (store: string) =>
        ['flushes', 'flushed_keys', 'exact_decisions', 'cached_decisions', 'dropped_hits'].map(
          (name) => stats.get(`ratelimit.cached.${name}.__store=${store}`) ?? 0,
        );
      const [flushes, flushedKeys, exact, cached, dropped] = engine('per_second');
      reportFigure(t, 'cached_per_second.engine', { flushes, flushedKeys, exact, cached, dropped });
      assert.deepEqual(countCodes(records), { OK: records.length });
      assert.equal(await service.exited, 0);
      // Each 1-second window's key is new: exact once, then answered from the engine and flushed.
      assert.ok(
        flushes > 0 && flushedKeys > 0 && cached > exact && exact > 0,
        JSON.stringify(engine('per_second')),
      );
      assert.equal(exact + cached, records.length);
      assert.equal(dropped, 0);
      assert.deepEqual(engine('main'), [0, 0, 0, 0, 0], 'the main store counted nothing');
      assert.ok((await keysHeld(perSecond)) > 0, 'the per-second Redis held the counters');
      assert.equal(await storedCounterTotal([server], 'cached_second_*'), 0, 'nothing in the main Redis');
    } finally {
      service.kill();
      await perSecond.stop();
    }
  });
});

/** Keys `redis` holds now or has expired: 1-second windows expire within the test. */
async function keysHeld(redis: RedisServer): Promise<number> {
  const expired = /expired_keys:(\d+)/.exec(String(await redis.command('INFO', 'stats')))?.[1];
  return Number(await redis.command('DBSIZE')) + Number(expired ?? 0);
}
