// Contract suite against a real 3-master Redis Cluster, with keys spread over every slot range
// in one call (no cross-slot pipeline errors: ioredis refuses a pipeline over several slots).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRedisCluster, type RedisClusterTopology } from '@repo/test-support';
import { RedisCounterStore } from '@repo/storage';
import { runCounterStoreContract } from './counter-store.contract';
import { redisConnection, redisStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

describe('RedisCounterStore against Redis Cluster', () => {
  let cluster: RedisClusterTopology;

  before(async () => {
    cluster = await startRedisCluster({ masters: 3 });
  });
  after(async () => {
    await cluster?.stop();
  });

  runCounterStoreContract('redis cluster', () => ({
    store: new RedisCounterStore(redisStoreOptions(redisConnection('cluster', cluster.url))),
  }));

  it('increments keys of every node in one call and batch', async () => {
    const sut = new RedisCounterStore(redisStoreOptions(redisConnection('cluster', cluster.url)));
    try {
      await sut.ready();
      const keys = Array.from({ length: 60 }, (_, i) => `cluster_${Date.now()}_${i}`);
      const first = incrementCounts(
        sut,
        keys.map((key) => ({ key, addend: 2, windowSeconds: 60 })),
      );
      const second = incrementCounts(
        sut,
        keys.map((key) => ({ key, addend: 1, windowSeconds: 60 })),
      );
      assert.deepEqual(
        await first,
        keys.map(() => 2),
      );
      assert.deepEqual(
        await second,
        keys.map(() => 3),
      );
      const holders = await Promise.all(
        cluster.nodes.map(async (node) => Number(await node.command('DBSIZE'))),
      );
      assert.ok(
        holders.every((size) => size > 0),
        `keys per node: ${holders.join(', ')}`,
      );
    } finally {
      await sut.close();
    }
  });
});
