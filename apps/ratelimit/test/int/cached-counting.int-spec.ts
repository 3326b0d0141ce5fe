// `counting: cached` through the whole service (docs/rules.md#counting): two service processes
// share one Redis (single, then a 3-master cluster), each called at a steady pace on one key of a
// limit of 1,000 per minute. Together they admit at least the limit and at most the documented
// bound, computed by overshootBound() from the rates measured here; after SIGTERM (each process
// flushes what is pending) Redis holds every hit the two processes answered.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { overshootBound } from '@repo/storage';
import {
  startRedis,
  startRedisCluster,
  type RedisClusterTopology,
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
  let rules: RulesDir;

  before(async () => {
    [server, cluster] = await Promise.all([startRedis(), startRedisCluster({ masters: 3 })]);
    rules = createRulesDir({ 'cached.yaml': RULES });
  });
  after(async () => {
    await Promise.all([server?.stop(), cluster?.stop()]);
  });

  for (const type of ['single', 'cluster'] as const) {
    it(`admits between 1,000 and the bound of 1,000/min, and Redis holds every hit after SIGTERM: ${type}`, async (t) => {
      const env = {
        ...rules.env,
        BACKEND_TYPE: 'redis',
        REDIS_TYPE: type,
        REDIS_URL: type === 'single' ? server.url : cluster.url,
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
        const nodes = type === 'single' ? [server] : cluster.nodes;
        assert.equal(await storedCounterTotal(nodes, `cached_client_${type}_*`), records.length);
      } finally {
        for (const service of services) service.kill();
      }
    });
  }
});
