// A Redis connection that dies without a FIN or RST (the server side lost it; the client is never
// told): the store must notice that its commands go unanswered, drop the connection and make a
// new one, instead of failing every call with a timeout for ever (found by the network fault suite).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFaultProxy, startRedis, waitFor, type FaultProxy, type RedisServer } from '@repo/test-support';
import { RedisCounterStore, StoreUnavailableError } from '@repo/storage';
import { redisConnection, redisStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

describe('RedisCounterStore with a silently dead connection', () => {
  let server: RedisServer;
  let proxy: FaultProxy;
  let sut: RedisCounterStore;
  const increment = (key: string) => incrementCounts(sut, [{ key, addend: 1, windowSeconds: 60 }]);

  before(async () => {
    server = await startRedis();
    proxy = await startFaultProxy({ port: server.port });
    sut = new RedisCounterStore(redisStoreOptions(redisConnection('single', proxy.url)));
    await sut.ready();
  });
  after(async () => {
    await sut?.close();
    await proxy?.stop();
    await server?.stop();
  });

  it('replaces a half-open connection: counting resumes once the network is back', async () => {
    assert.deepEqual(await increment('half-open'), [1]);
    const acceptedBefore = proxy.acceptedConnections;
    await proxy.setMode({ kind: 'half-open' });
    await assert.rejects(increment('half-open'), StoreUnavailableError);
    await proxy.setMode({ kind: 'pass' });
    // Generous for a busy machine: without the fix this never succeeds.
    const count = await waitFor(
      () =>
        increment('half-open')
          .then(([value]) => value)
          .catch(() => undefined),
      {
        timeoutMs: 5000,
        intervalMs: 50,
        description: 'increments succeeding on a new connection',
      },
    );
    assert.ok(proxy.acceptedConnections > acceptedBefore, 'a new connection was made');
    // The increment swallowed by the dead connection never reached Redis.
    assert.equal(count, 2);
    assert.equal(await server.command('GET', 'half-open'), '2');
  });
});
