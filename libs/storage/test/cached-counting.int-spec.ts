// Cached counting against real Redis (docs/stores.md#cached-counting): two engines, each on its own
// RedisCounterStore as two replicas would be, share one Redis (single, sentinel and cluster). Time is a fake
// clock, so which flush sees which hits is the same on every run; the round trips are real.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startRedis,
  startRedisCluster,
  startRedisSentinel,
  waitFor,
  type RedisClusterTopology,
  type RedisSentinelTopology,
  type RedisServer,
} from '@repo/test-support';
import { CachedCounter, overshootBound, RedisCounterStore, type RedisTopology } from '@repo/storage';
import { FakeIntervalTimer } from './fake-interval-timer';
import { redisConnection, redisStoreOptions } from './store-options';

const WINDOW_SECONDS = 60;

/** A replica: its own store connection and engine, on the shared fake clock. */
function replica(type: RedisTopology, url: string, timer: FakeIntervalTimer) {
  const store = new RedisCounterStore(redisStoreOptions(redisConnection(type, url)));
  const engine = new CachedCounter({
    countExact: async (key, hits) => {
      const [outcome] = await store.countMany([{ key, addend: hits, windowSeconds: WINDOW_SECONDS }]);
      return outcome.count;
    },
    flushDeltas: (deltas) => store.flushDeltas(store.storeFor(WINDOW_SECONDS), deltas),
    now: timer.now,
    timer,
  });
  return { store, engine };
}

/** Two replicas admitting 5 hits of `key` each per 10 ms (500/s each) for 4 s against 1,000 per minute. */
async function driveTwoReplicas(type: RedisTopology, url: string, key: string) {
  const timer = new FakeIntervalTimer(0);
  const replicas = [replica(type, url, timer), replica(type, url, timer)];
  let admitted = 0;
  let hits = 0;
  try {
    await Promise.all(replicas.map(({ store }) => store.ready()));
    for (let t = 0; t < 4_000; t += 10) {
      for (const { engine } of replicas)
        for (let i = 0; i < 5; i++) {
          hits++;
          if ((await engine.count(key, 1, WINDOW_SECONDS)) <= 1000) admitted++;
        }
      await timer.advance(10);
    }
    const unflushed = await Promise.all(replicas.map(({ engine }) => engine.close()));
    const stats = replicas.map(({ engine }) => engine.stats());
    return { admitted, hits, unflushed, stats };
  } finally {
    await Promise.all(replicas.map(({ store }) => store.close()));
  }
}

const BOUND = overshootBound({
  limit: 1000,
  replicas: 2,
  admittedPerSecond: 500,
  flushIntervalMs: 250,
  maxReadAgeMs: 500,
  roundTripMs: 0, // the fake clock stands still during a round trip
});

describe('cached counting against real Redis', () => {
  let server: RedisServer;
  let cluster: RedisClusterTopology;
  let sentinel: RedisSentinelTopology;

  before(async () => {
    [server, cluster, sentinel] = await Promise.all([
      startRedis(),
      startRedisCluster({ masters: 3 }),
      startRedisSentinel(),
    ]);
  });
  after(async () => {
    await Promise.all([server?.stop(), cluster?.stop(), sentinel?.stop()]);
  });

  /** The URL the service would be given, and the server holding `key`. */
  const topologyOf = (type: RedisTopology) =>
    ({
      single: { url: server.url, holding: async () => server },
      sentinel: { url: sentinel.url, holding: async () => sentinel.master },
      cluster: { url: cluster.url, holding: (key: string) => nodeHolding(cluster, key) },
    })[type];

  for (const type of ['single', 'sentinel', 'cluster'] as const) {
    it(`admits between 1,000 and the bound (${BOUND}) of 1,000/min driven through two replicas: ${type}`, async () => {
      const { url, holding } = topologyOf(type);
      const key = `cached_${type}_${Date.now()}`;
      const { admitted, hits, unflushed, stats } = await driveTwoReplicas(type, url, key);
      assert.ok(admitted >= 1000 && admitted <= BOUND, `${admitted} admitted, bound ${BOUND}`);
      assert.equal(admitted, 1125, 'each replica unseen by the other for one interval');
      assert.deepEqual(unflushed, [0, 0]);
      const node = await holding(key);
      assert.equal(String(await node.command('GET', key)), String(hits), 'every hit reached Redis');
      const ttl = Number(await node.command('TTL', key));
      assert.ok(ttl > 0 && ttl <= WINDOW_SECONDS, `TTL ${ttl}`);
      // 16 flushes in 4 s each (one per 250 ms), one exact count each
      assert.deepEqual(
        stats.map(({ flushes, exactDecisions, flushErrors }) => [flushes, exactDecisions, flushErrors]),
        [
          [16, 1, 0],
          [16, 1, 0],
        ],
      );
    });
  }

  it('flushes every key of a cluster in one flush, whichever node holds it', async () => {
    const store = new RedisCounterStore(redisStoreOptions(redisConnection('cluster', cluster.url)));
    try {
      await store.ready();
      const keys = Array.from({ length: 30 }, (_, i) => `cached_nodes_${Date.now()}_${i}`);
      const answers = await store.flushDeltas(
        'main',
        keys.map((key, i) => ({ key, delta: i + 1, expirySeconds: 60 })),
      );
      assert.deepEqual(
        answers,
        keys.map((_, i) => i + 1),
      );
      const sizes = await Promise.all(
        cluster.nodes.map(async (node) => Number(await node.command('DBSIZE'))),
      );
      assert.ok(
        sizes.every((size) => size > 0),
        `keys per node: ${sizes.join(', ')}`,
      );
    } finally {
      await store.close();
    }
  });

  for (const [label, type, extra] of [
    ['single, script', 'single', { incrementScript: 'on' }],
    ['single, commands', 'single', { incrementScript: 'off' }],
    ['cluster', 'cluster', {}],
  ] as const) {
    it(`flushes 10,000 keys (the default bound, all pending) in one flush: ${label}`, async () => {
      const url = type === 'single' ? server.url : cluster.url;
      const store = new RedisCounterStore(redisStoreOptions(redisConnection(type, url, extra)));
      try {
        await store.ready();
        const prefix = `cached_large_${type}_${Date.now()}`;
        const deltas = Array.from({ length: 10_000 }, (_, i) => ({
          key: `${prefix}_${i}`,
          delta: (i % 7) + 1,
          expirySeconds: 60 + (i % 3),
        }));
        const startedAt = performance.now();
        // More than the store's 300 ms: ioredis spends ~40-100 µs of CPU per command here.
        const answers = await store.flushDeltas('main', deltas, 10_000);
        const elapsedMs = performance.now() - startedAt;
        assert.deepEqual(
          answers,
          deltas.map(({ delta }) => delta),
        );
        const again = await store.flushDeltas('main', deltas.slice(0, 3));
        assert.deepEqual(again, [2, 4, 6]);
        console.log(`# cached flush of 10,000 keys, ${label}: ${elapsedMs.toFixed(1)} ms`);
      } finally {
        await store.close();
      }
    });
  }

  it('answers a refused key’s failure alone; the other keys are counted', async () => {
    const store = new RedisCounterStore(redisStoreOptions(redisConnection('single', server.url)));
    try {
      await store.ready();
      const prefix = `cached_refused_${Date.now()}`;
      await server.command('HSET', `${prefix}_hash`, 'field', '1');
      const answers = await store.flushDeltas('main', [
        { key: `${prefix}_a`, delta: 2, expirySeconds: 60 },
        { key: `${prefix}_hash`, delta: 1, expirySeconds: 60 },
      ]);
      assert.equal(answers[0], 2);
      assert.ok(answers[1] instanceof Error);
      assert.match(answers[1].message, /cannot count key .*_hash.*WRONGTYPE/);
    } finally {
      await store.close();
    }
  });

  it('keeps hits pending while Redis is down and flushes them when it is back', async () => {
    const timer = new FakeIntervalTimer(0);
    const { store, engine } = replica('single', server.url, timer);
    const key = `cached_outage_${Date.now()}`;
    try {
      await store.ready();
      await engine.count(key, 1, WINDOW_SECONDS);
      await server.kill('SIGKILL');
      for (let i = 0; i < 7; i++) engine.countCached(key, 1);
      await timer.advance(250);
      assert.deepEqual([engine.stats().flushErrors, engine.stats().pendingHits], [1, 7]);
      await server.restart(); // empty: the test server keeps nothing on disk
      await waitFor(async () => (await engine.flushNow()) === 0, {
        timeoutMs: 5000,
        intervalMs: 50,
        description: 'the pending hits flushed after the restart',
      });
      assert.equal(String(await server.command('GET', key)), '7');
      assert.equal(engine.stats().pendingHits, 0);
    } finally {
      await engine.close();
      await store.close();
    }
  });
});

/** The cluster node that holds `key` (the one that answers GET without MOVED). */
async function nodeHolding(cluster: RedisClusterTopology, key: string) {
  for (const node of cluster.nodes) {
    const reply = await node.command('GET', key).catch(() => undefined);
    if (reply !== undefined && !(reply instanceof Error)) return node;
  }
  throw new Error(`no node holds ${key}`);
}
