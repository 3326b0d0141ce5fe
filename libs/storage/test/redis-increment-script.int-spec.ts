// KV_INCREMENT_SCRIPT against real redis-server processes: the contract suite with batches sent
// as one Lua script call, `auto` choosing the script on a Redis server and commands where scripts
// are refused (an ACL user without @scripting), and the same keys, counts and expiry as commands.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { redisScriptCalls, startRedis, type RedisServer } from '@repo/test-support';
import { RedisCounterStore, type RedisStoreOptions } from '@repo/storage';
import { runCounterStoreContract } from './counter-store.contract';
import { redisKeyInspector } from './expiry.contract';
import { redisConnection, redisStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

describe('RedisCounterStore with KV_INCREMENT_SCRIPT', () => {
  let redis: RedisServer;
  let perSecond: RedisServer;
  const stores: RedisCounterStore[] = [];
  const open = (options: RedisStoreOptions) => {
    const store = new RedisCounterStore(options);
    stores.push(store);
    return store;
  };

  before(async () => {
    [redis, perSecond] = await Promise.all([startRedis(), startRedis()]);
    // A user that may run INCRBY/EXPIRE/GET but no scripts, as some managed Redis setups do.
    await redis.command('ACL', 'SETUSER', 'noscript', 'on', '>pw', '~*', '+@all', '-@scripting');
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all([redis?.stop(), perSecond?.stop()]);
  });

  runCounterStoreContract(
    'redis single, batches as one script call',
    () => ({
      store: new RedisCounterStore(
        redisStoreOptions(redisConnection('single', redis.url, { incrementScript: 'on' })),
      ),
      redisKeys: redisKeyInspector(redis),
      countRoundTrips: () => redisScriptCalls(redis),
    }),
    { redisExpiry: 'set-on-create', roundTripsPerCall: 1 },
  );

  runCounterStoreContract(
    'redis single + per-second store, both as one script call per batch',
    () => ({
      store: new RedisCounterStore(
        redisStoreOptions(redisConnection('single', redis.url, { incrementScript: 'on' }), {
          perSecond: redisConnection('single', perSecond.url, { incrementScript: 'on' }),
        }),
      ),
      redisKeys: redisKeyInspector(redis, perSecond),
      // one script call on each store: 1-second items on the per-second one, the rest on the main
      countRoundTrips: async () => (await redisScriptCalls(redis)) + (await redisScriptCalls(perSecond)),
    }),
    { redisExpiry: 'set-on-create', roundTripsPerCall: 2 },
  );

  it('auto uses the script on a Redis server and commands where scripts are refused', async () => {
    const onServer = open(
      redisStoreOptions(redisConnection('single', redis.url, { incrementScript: 'auto' })),
    );
    const refused = open(
      redisStoreOptions(
        redisConnection('single', redis.url, { incrementScript: 'auto', auth: 'noscript:pw' }),
      ),
    );
    const commands = open(redisStoreOptions(redisConnection('single', redis.url)));
    await Promise.all([onServer.ready(), refused.ready(), commands.ready()]);
    assert.deepEqual(onServer.incrementModes(), { main: 'script' });
    assert.deepEqual(refused.incrementModes(), { main: 'commands' });
    assert.deepEqual(commands.incrementModes(), { main: 'commands' });
    const key = `script_fallback_${Date.now()}`;
    assert.deepEqual(await incrementCounts(refused, [{ key, addend: 2, windowSeconds: 60 }]), [2]);
  });

  it('writes the same counts and expiry as the commands, merging a key repeated in a batch', async () => {
    const sut = open(
      redisStoreOptions(redisConnection('single', redis.url, { incrementScript: 'on' }), {
        jitterMaxSeconds: 0,
      }),
    );
    await sut.ready();
    const base = `script_${Date.now()}`;
    const counts = await Promise.all([
      incrementCounts(sut, [
        { key: `${base}_a`, addend: 2, windowSeconds: 60 },
        { key: `${base}_b`, addend: 5, windowSeconds: 3600 },
      ]),
      incrementCounts(sut, [{ key: `${base}_a`, addend: 1, windowSeconds: 60 }]),
    ]);
    assert.deepEqual(counts, [[2, 5], [3]]);
    assert.equal(await redis.command('GET', `${base}_a`), '3');
    assert.equal(await redis.command('TTL', `${base}_a`), 60);
    assert.equal(await redis.command('TTL', `${base}_b`), 3600);
  });
});

describe('RedisCounterStore with KV_INCREMENT_SCRIPT: expiry with jitter', () => {
  let main: RedisServer;
  let perSecond: RedisServer;
  const stores: RedisCounterStore[] = [];
  /** Script mode on both stores, jitter up to 100 s drawn from `random`. */
  const open = async (random: () => number) => {
    const store = new RedisCounterStore(
      redisStoreOptions(redisConnection('single', main.url, { incrementScript: 'on' }), {
        perSecond: redisConnection('single', perSecond.url, { incrementScript: 'on' }),
        jitterMaxSeconds: 100,
        random,
      }),
    );
    stores.push(store);
    await store.ready();
    return store;
  };

  before(async () => {
    [main, perSecond] = await Promise.all([startRedis(), startRedis()]);
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all([main?.stop(), perSecond?.stop()]);
  });

  it('gives a per-second key its window + jitter in the per-second store on creation, and keeps it', async () => {
    const sut = await open(() => 0.5);
    const base = `jitter_ps_${Date.now()}`;
    const second = (label: string, addend: number) => ({ key: `${base}_${label}`, addend, windowSeconds: 1 });
    await incrementCounts(sut, [
      second('hit', 1),
      second('read', 0),
      { key: `${base}_m`, addend: 1, windowSeconds: 60 },
    ]);
    assert.equal(await perSecond.command('TTL', `${base}_hit`), 51);
    assert.equal(await perSecond.command('TTL', `${base}_read`), 51);
    assert.equal(await perSecond.command('GET', `${base}_read`), '0');
    assert.equal(await main.command('TTL', `${base}_m`), 110);
    await perSecond.command('EXPIRE', `${base}_hit`, '30');
    assert.deepEqual(await incrementCounts(sut, [second('hit', 2)]), [3]);
    assert.equal(await perSecond.command('TTL', `${base}_hit`), 30);
  });

  it('draws the jitter once per batch and key lifetime', async () => {
    const draws: number[] = [];
    const sut = await open(() => draws.shift() ?? 0);
    draws.push(0.1, 0.2, 0.3); // after start-up, whose retries draw from `random` too
    const base = `jitter_batch_${Date.now()}`;
    const minute = (label: string) => ({ key: `${base}_${label}`, addend: 1, windowSeconds: 60 });
    await Promise.all([
      incrementCounts(sut, [minute('a'), { key: `${base}_h`, addend: 1, windowSeconds: 3600 }]),
      incrementCounts(sut, [minute('b')]),
    ]);
    await incrementCounts(sut, [minute('c')]);
    const ttls = await Promise.all(
      ['a', 'b', 'h', 'c'].map((label) => main.command('TTL', `${base}_${label}`)),
    );
    assert.deepEqual(ttls, [70, 70, 3620, 90]);
  });
});
