// KV_INCREMENT_SCRIPT against real redis-server processes: the contract suite with batches sent
// as one Lua script call, `auto` choosing the script on a Redis server and commands where scripts
// are refused (an ACL user without @scripting), and the same keys, counts and expiry as commands.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRedis, type RedisServer } from '@repo/test-support';
import { RedisCounterStore, type RedisStoreOptions } from '@repo/storage';
import { runCounterStoreContract } from './counter-store.contract';
import { redisConnection, redisStoreOptions } from './store-options';

describe('RedisCounterStore with KV_INCREMENT_SCRIPT', () => {
  let redis: RedisServer;
  const stores: RedisCounterStore[] = [];
  const open = (options: RedisStoreOptions) => {
    const store = new RedisCounterStore(options);
    stores.push(store);
    return store;
  };

  before(async () => {
    redis = await startRedis();
    // A user that may run INCRBY/EXPIRE/GET but no scripts, as some managed Redis setups do.
    await redis.command('ACL', 'SETUSER', 'noscript', 'on', '>pw', '~*', '+@all', '-@scripting');
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.stop();
  });

  runCounterStoreContract('redis single, batches as one script call', () => ({
    store: new RedisCounterStore(
      redisStoreOptions(redisConnection('single', redis.url, { incrementScript: 'on' })),
    ),
  }));

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
    assert.deepEqual(await refused.incrementMany([{ key, addend: 2, windowSeconds: 60 }]), [2]);
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
      sut.incrementMany([
        { key: `${base}_a`, addend: 2, windowSeconds: 60 },
        { key: `${base}_b`, addend: 5, windowSeconds: 3600 },
      ]),
      sut.incrementMany([{ key: `${base}_a`, addend: 1, windowSeconds: 60 }]),
    ]);
    assert.deepEqual(counts, [[2, 5], [3]]);
    assert.equal(await redis.command('GET', `${base}_a`), '3');
    assert.equal(await redis.command('TTL', `${base}_a`), 60);
    assert.equal(await redis.command('TTL', `${base}_b`), 3600);
  });
});
