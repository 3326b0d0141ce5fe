// Redis Cluster resharding under load
// (docs/failure-behaviour.md#redis-cluster-resharding-under-load): while 64 calls are in flight on
// keys spread over every master, slots (and the keys in them) move between masters with the real
// `redis-cli --cluster reshard`. The service follows MOVED and ASK without a restart: no call
// fails, and every counter equals the hits sent for it (none lost, none counted twice) and keeps
// its expiry.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { after, before, describe, it, type TestContext } from 'node:test';
import {
  findExecutable,
  startRedisCluster,
  stopAllServers,
  type RedisClusterTopology,
  type RedisServer,
} from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { inFlightAt, startLoad, summarize, waitForCalls } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import { redisKeysWithoutExpiry } from './store-keys';

const RULES = `
domain: resh
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
`;
const IN_FLIGHT = 64;
/** Keys spread over the slots of every master. */
const KEY_COUNT = 300;
const valueOf = (n: number) => `k${n % KEY_COUNT}`;

const run = promisify(execFile);

interface Move {
  readonly from: RedisServer;
  readonly to: RedisServer;
  readonly slots: number;
}

/** `redis-cli --cluster reshard`: moves the first `slots` slots of `from` (and their keys) to `to`. */
async function reshard(cluster: RedisClusterTopology, move: Move): Promise<void> {
  const id = async (node: RedisServer) => String(await node.command('CLUSTER', 'MYID'));
  const redisCli = findExecutable('redis-cli') ?? 'redis-cli';
  await run(
    redisCli,
    [
      '--cluster',
      'reshard',
      cluster.nodes[0].url,
      '--cluster-from',
      await id(move.from),
      '--cluster-to',
      await id(move.to),
      '--cluster-slots',
      String(move.slots),
      '--cluster-yes',
    ],
    { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
}

/** Every counter of the cluster (key -> value), read on each master. */
async function countersOf(cluster: RedisClusterTopology): Promise<Map<string, number>> {
  const script = `local out = {}
local cursor = '0'
repeat
  local reply = redis.call('SCAN', cursor, 'MATCH', 'resh_*', 'COUNT', 1000)
  cursor = reply[1]
  for _, key in ipairs(reply[2]) do table.insert(out, key); table.insert(out, redis.call('GET', key)) end
until cursor == '0'
return out`;
  const counters = new Map<string, number>();
  for (const node of cluster.nodes) {
    const reply = (await node.command('EVAL', script, '0')) as string[];
    for (let i = 0; i < reply.length; i += 2) {
      assert.equal(counters.has(reply[i]), false, `${reply[i]} is on one master only`);
      counters.set(reply[i], Number(reply[i + 1]));
    }
  }
  return counters;
}

describe('Redis Cluster resharding under load', () => {
  let cluster: RedisClusterTopology;
  let service: FaultService;

  before(async () => {
    cluster = await startRedisCluster({ masters: 3 });
    const rules = createRulesDir({ 'resh.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'redis',
      KV_TYPE: 'cluster',
      KV_URL: cluster.url,
    });
  });
  after(async () => {
    await service?.stop();
    await stopAllServers();
  });

  it(`moves slots between masters with ${IN_FLIGHT} calls in flight: no failed call, no counter lost or doubled`, async (t) => {
    const [a, b, c] = cluster.nodes;
    /** Hits sent per descriptor value (one per call). */
    const sent = new Map<string, number>();
    const request = (n: number) => {
      sent.set(valueOf(n), (sent.get(valueOf(n)) ?? 0) + 1);
      return rlsRequest('resh', [['client', valueOf(n)]]);
    };
    const load = startLoad({ client: service.grpc, inFlight: IN_FLIGHT, request }, t);
    await waitForCalls(load, 2000);
    const moves: Move[] = [
      { from: a, to: b, slots: 2000 },
      { from: c, to: a, slots: 2000 },
      { from: b, to: c, slots: 3000 },
    ];
    const moveTimes: { startMs: number; endMs: number }[] = [];
    for (const move of moves) {
      const startMs = performance.now();
      await reshard(cluster, move);
      moveTimes.push({ startMs, endMs: performance.now() });
      await waitForCalls(load, 500);
    }
    await waitForCalls(load, 2000);
    const records = await load.stop();

    const summary = summarize(records);
    const inFlightAtMoves = moveTimes.map(({ startMs }) => inFlightAt(records, startMs));
    reportFigure(t, 'cluster_reshard.calls', summary);
    reportFigure(
      t,
      'cluster_reshard.move_ms',
      moveTimes.map(({ startMs, endMs }) => Math.round(endMs - startMs)),
    );
    reportFigure(t, 'cluster_reshard.in_flight_at_each_move', inFlightAtMoves);
    reportFigure(t, 'cluster_reshard.max_answer_ms', summary.maxLatencyMs);
    assert.ok(service.isAlive(), 'the service kept running (no restart)');
    assert.ok(Math.min(...inFlightAtMoves) >= IN_FLIGHT - 8, `in flight at the moves: ${inFlightAtMoves}`);
    const failed = records.find((record) => record.outcome.code !== 'OK')?.outcome;
    assert.deepEqual(summary.outcomes, { OK: summary.calls }, `no failed call (first: ${failed?.details})`);
    await checkCounters(t, sent);
    assert.deepEqual(await Promise.all(cluster.nodes.map(redisKeysWithoutExpiry)), [[], [], []]);
  });

  /** Each value's counters (one per hour window the test ran in) add up to the hits sent for it. */
  async function checkCounters(t: TestContext, sent: ReadonlyMap<string, number>) {
    const counted = new Map<string, number>();
    for (const [key, count] of await countersOf(cluster)) {
      const value = key.split('_')[2];
      counted.set(value, (counted.get(value) ?? 0) + count);
    }
    const mismatches = [...sent].filter(([value, hits]) => counted.get(value) !== hits);
    const spread = await Promise.all(cluster.nodes.map(async (node) => Number(await node.command('DBSIZE'))));
    reportFigure(t, 'cluster_reshard.keys_per_master', spread);
    reportFigure(t, 'cluster_reshard.counters_off', mismatches.length);
    assert.deepEqual(mismatches, [], 'every counter equals the hits sent for its key');
  }
});
