// `counting: cached` against a flood of distinct keys (docs/stores.md#cached-counting): one caller
// sends 20 times CACHED_COUNTING_MAX_KEYS new values of a cached limit, 16 at a time, while ordinary
// callers keep asking on 4 keys. The engine holds at most CACHED_COUNTING_MAX_KEYS keys (new keys
// past the bound are counted exactly, evicted ones flush their pending hits first), so the flood
// costs memory and Redis round trips of its own, not the others' answers: every call is answered
// OK, and after SIGTERM (which flushes the rest) Redis holds exactly the hits admitted, the
// ordinary callers' and the flood's, none lost to an eviction.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startRedis, stopAllServers, type RedisServer } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { countCodes } from '../support/paced-calls';
import { storedCounterTotal } from '../support/stored-counter-total';
import { startLoad, summarize, waitForCalls } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: cached_flood
descriptors:
  - key: ordinary
    rate_limit: { unit: hour, requests_per_unit: 100000000, counting: cached }
  - key: flood
    rate_limit: { unit: hour, requests_per_unit: 100000000, counting: cached }
`;
const MAX_KEYS = 500;
const FLOOD_KEYS = 20 * MAX_KEYS;
const FLOOD_IN_FLIGHT = 16;
const ORDINARY_IN_FLIGHT = 8;
/** Within the failure mode's bound: an exact decision fails within KV_TIMEOUT (300 ms) plus scheduling. */
const MAX_ANSWER_MS = 1500;

const ordinary = (n: number) => rlsRequest('cached_flood', [['ordinary', `o${n % 4}`]]);
const flood = (n: number) => rlsRequest('cached_flood', [['flood', `f${n}`]]);
const gauge = (stats: Map<string, number>, name: string) =>
  stats.get(`ratelimit.cached.${name}.__store=main`);

describe('counting: cached, a flood of distinct keys', () => {
  let redis: RedisServer;
  let service: FaultService;

  before(async () => {
    redis = await startRedis();
    const rules = createRulesDir({ 'cached.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'redis',
      REDIS_URL: redis.url,
      CACHED_COUNTING_MAX_KEYS: String(MAX_KEYS),
    });
  });
  after(async () => {
    await service?.stop();
    await stopAllServers();
  });

  it(`keeps at most ${MAX_KEYS} keys through ${FLOOD_KEYS} new ones; every hit answered and stored once`, async (t) => {
    const others = startLoad({ client: service.grpc, inFlight: ORDINARY_IN_FLIGHT, request: ordinary }, t);
    await waitForCalls(others, 500);
    const before = summarize(others.records);
    const floodOutcomes: { code: string }[] = [];
    let next = 0;
    let mostKeys = 0;
    await Promise.all(
      Array.from({ length: FLOOD_IN_FLIGHT }, async () => {
        while (next < FLOOD_KEYS) {
          const n = next++;
          floodOutcomes.push(await service.grpc.call(flood(n)));
          if (n % 1000 === 0) mostKeys = Math.max(mostKeys, gauge(await service.stats(), 'cached_keys') ?? 0);
        }
      }),
    );
    const during = summarize(others.records.slice(before.calls));
    const records = await others.stop();
    const stats = await service.stats();
    await service.stop();

    const floodSummary = countCodes(floodOutcomes);
    reportFigure(t, 'cached_key_flood.ordinary_before', before);
    reportFigure(t, 'cached_key_flood.ordinary_during', during);
    reportFigure(t, 'cached_key_flood.flood', floodSummary);
    reportFigure(t, 'cached_key_flood.engine', {
      mostCachedKeys: mostKeys,
      evictions: gauge(stats, 'evictions'),
      uncachedAtBound: gauge(stats, 'uncached_at_bound'),
      droppedHits: gauge(stats, 'dropped_hits'),
    });
    assert.deepEqual(floodSummary, { OK: FLOOD_KEYS });
    const all = summarize(records);
    assert.deepEqual(all.outcomes, { OK: all.calls }, 'every ordinary call answered OK');
    assert.ok(during.calls > 0, 'the ordinary callers were answered during the flood');
    assert.ok(all.maxLatencyMs < MAX_ANSWER_MS, `every ordinary call answered within ${MAX_ANSWER_MS} ms`);
    assert.ok(mostKeys <= MAX_KEYS, `${mostKeys} keys cached`);
    assert.ok((gauge(stats, 'evictions') ?? 0) + (gauge(stats, 'uncached_at_bound') ?? 0) > 0);
    assert.equal(gauge(stats, 'dropped_hits'), 0);
    assert.equal(await service.exited, 0, 'SIGTERM: a clean exit after the flush');
    assert.equal(await storedCounterTotal([redis], 'cached_flood_flood_*'), FLOOD_KEYS);
    assert.equal(await storedCounterTotal([redis], 'cached_flood_ordinary_*'), all.calls);
  });
});
