// Contract suite against a real sentinel setup (master, replica, 3 sentinels), and a failover
// while callers keep counting: counts must continue on the new master within 10 s (ioredis with
// `failoverDetector`).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRedisSentinel, waitFor, type RedisSentinelTopology } from '@repo/test-support';
import { RedisCounterStore } from '@repo/storage';
import { runCounterStoreContract } from './counter-store.contract';
import { redisKeyInspector } from './expiry.contract';
import { redisConnection, redisStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

describe('RedisCounterStore against Redis Sentinel', () => {
  let topology: RedisSentinelTopology;

  before(async () => {
    topology = await startRedisSentinel();
  });
  after(async () => {
    await topology?.stop();
  });

  runCounterStoreContract(
    'redis sentinel',
    () => ({
      store: new RedisCounterStore(redisStoreOptions(redisConnection('sentinel', topology.url))),
      redisKeys: redisKeyInspector(topology.master),
    }),
    { redisExpiry: 'set-on-every-increment' },
  );

  it('follows a failover: counting continues on the new master within 10 s', async () => {
    const sut = new RedisCounterStore(redisStoreOptions(redisConnection('sentinel', topology.url)));
    const key = `failover_${Date.now()}`;
    const increment = () => incrementCounts(sut, [{ key, addend: 1, windowSeconds: 60 }]);
    let stopped = false;
    let lastCount = 0;
    let errors = 0;
    const counting = (async () => {
      while (!stopped) {
        await increment().then(
          ([count]) => (lastCount = count),
          () => errors++,
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await sut.ready();
      await waitFor(() => lastCount >= 5, { timeoutMs: 5000, description: 'counting before the failover' });
      const oldMaster = topology.master;
      await topology.failover();
      const failedOverAt = Date.now();
      const newMaster = topology.master;
      assert.notEqual(newMaster.port, oldMaster.port);
      const before = Number(await newMaster.command('GET', key));
      await waitFor(async () => Number(await newMaster.command('GET', key)) >= before + 5, {
        timeoutMs: 10_000,
        description: 'increments reaching the new master',
      });
      const followedWithinMs = Date.now() - failedOverAt;
      assert.ok(followedWithinMs < 10_000, `followed after ${followedWithinMs} ms`);
      // the count went on from where the replicated value stood: no reset to 1
      assert.ok(lastCount > before, `last count ${lastCount}, new master had ${before}`);
      console.log(`# sentinel failover: followed within ${followedWithinMs} ms, ${errors} failed calls`);
    } finally {
      stopped = true;
      await counting;
      await sut.close();
    }
  });
});
