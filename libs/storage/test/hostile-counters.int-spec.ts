// The hostile-counters suite (hostile-counters.contract.ts) against real redis-server processes: a
// single server with batches as commands and as one script call (KV_INCREMENT_SCRIPT), a sentinel
// setup in both modes, and a 3-master cluster; and a call whose keys go to two stores (main and
// per-second) failing on one of them.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startRedis,
  startRedisCluster,
  startRedisSentinel,
  type RedisClusterTopology,
  type RedisSentinelTopology,
  type RedisServer,
} from '@repo/test-support';
import { RedisCounterStore } from '@repo/storage';
import { failsOn, fixed, keyCommand, runHostileCountersSuite, windowKey } from './hostile-counters.contract';
import { redisConnection, redisStoreOptions } from './store-options';

describe('hostile counters against real Redis', () => {
  let redis: RedisServer;
  let perSecond: RedisServer;
  let cluster: RedisClusterTopology;
  let sentinel: RedisSentinelTopology;

  before(async () => {
    [redis, perSecond, cluster, sentinel] = await Promise.all([
      startRedis(),
      startRedis(),
      startRedisCluster({ masters: 3 }),
      startRedisSentinel(),
    ]);
  });
  after(async () => {
    await Promise.all([redis?.stop(), perSecond?.stop(), cluster?.stop(), sentinel?.stop()]);
  });

  for (const mode of ['commands', 'script'] as const) {
    const incrementScript = mode === 'script' ? 'on' : 'off';
    runHostileCountersSuite({
      name: `single, ${mode}`,
      mode,
      connection: () => redisConnection('single', redis.url, { incrementScript }),
      servers: () => [redis],
    });
    runHostileCountersSuite({
      name: `sentinel, ${mode}`,
      mode,
      connection: () => redisConnection('sentinel', sentinel.url, { incrementScript }),
      servers: () => [sentinel.master],
    });
  }
  runHostileCountersSuite({
    name: 'cluster',
    mode: 'commands',
    connection: () => redisConnection('cluster', cluster.url),
    servers: () => cluster.nodes,
  });

  it('a call failing on the main store gives back its hits on the per-second store, and the other way round', async () => {
    const sut = new RedisCounterStore(
      redisStoreOptions(redisConnection('single', redis.url, { incrementScript: 'on' }), {
        perSecond: redisConnection('single', perSecond.url),
      }),
    );
    try {
      await sut.ready();
      const [mainBad, secondBad, mainOk, secondOk] = ['mainbad', 'secondbad', 'mainok', 'secondok'].map(
        windowKey,
      );
      await keyCommand([redis], 'HSET', mainBad, 'f', '1');
      await keyCommand([perSecond], 'HSET', secondBad, 'f', '1');
      const perSecondHit = (key: string) => ({ key, addend: 2, windowSeconds: 1 });
      await Promise.all([
        assert.rejects(
          sut.countMany([perSecondHit(secondOk), fixed(mainBad, 1)]),
          failsOn(mainBad, /WRONGTYPE/),
        ),
        assert.rejects(
          sut.countMany([fixed(mainOk, 3), perSecondHit(secondBad)]),
          failsOn(secondBad, /WRONGTYPE/),
        ),
      ]);
      await sut.flush();
      assert.equal(Number(await keyCommand([perSecond], 'GET', secondOk)), 0);
      assert.equal(Number(await keyCommand([redis], 'GET', mainOk)), 0);
    } finally {
      await sut.close();
    }
  });
});
