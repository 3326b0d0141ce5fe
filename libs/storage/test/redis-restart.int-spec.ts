// Redis SIGKILLed and restarted on the same port while the store is in use: clear errors
// within the timeout while it is down, health follows the connection, and service resumes
// within 2 s of Redis answering again.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRedis, waitFor, type RedisServer } from '@repo/test-support';
import { RedisCounterStore, StoreUnavailableError } from '@repo/storage';
import { redisConnection, redisStoreOptions, TEST_TIMEOUT_MS } from './store-options';
import { incrementCounts } from './increment-counts';

/** Scheduling slack on a loaded 2-core machine on top of the store timeout. */
const SLACK_MS = 700;

describe('RedisCounterStore when Redis dies and comes back', () => {
  let server: RedisServer;
  let sut: RedisCounterStore;
  const increment = (key: string) => incrementCounts(sut, [{ key, addend: 1, windowSeconds: 60 }]);

  before(async () => {
    server = await startRedis();
    sut = new RedisCounterStore(redisStoreOptions(redisConnection('single', server.url)));
    await sut.ready();
  });
  after(async () => {
    await sut?.close();
    await server?.stop();
  });

  it('fails fast with StoreUnavailableError while Redis is down, then recovers after the restart', async () => {
    assert.deepEqual(await increment('restart'), [1]);
    assert.equal(sut.isHealthy(), true);

    await server.kill('SIGKILL');
    for (let call = 0; call < 5; call++) {
      const startedAt = Date.now();
      await assert.rejects(increment('restart'), (error: unknown) => {
        assert.ok(error instanceof StoreUnavailableError, String(error));
        assert.match(error.message, /^redis counter store unavailable: /);
        return true;
      });
      const elapsedMs = Date.now() - startedAt;
      assert.ok(elapsedMs <= TEST_TIMEOUT_MS + SLACK_MS, `call ${call} took ${elapsedMs} ms`);
    }
    await waitFor(() => !sut.isHealthy(), { timeoutMs: 2000, description: 'unhealthy while Redis is down' });

    await server.restart();
    const answeringAt = Date.now();
    await waitFor(() => increment('restart').then(() => true), {
      timeoutMs: 2000,
      intervalMs: 50,
      description: 'increments succeeding again after the restart',
    });
    const recoveredAfterMs = Date.now() - answeringAt;
    assert.equal(sut.isHealthy(), true);
    console.log(`# redis restart: recovered ${recoveredAfterMs} ms after Redis answered again`);
  });

  it('gives a clear error for a server that was never reachable', async () => {
    const nowhere = new RedisCounterStore(
      redisStoreOptions(redisConnection('single', `127.0.0.1:${server.port + 1}`), {
        startup: { initialIntervalMs: 50, maxIntervalMs: 100, maxElapsedMs: 300 },
      }),
    );
    try {
      await assert.rejects(
        nowhere.ready(),
        /no answer to PING within 300 ms of start-up: not connected to the single main store 127\.0\.0\.1:\d+ \(connection \w+\)/,
      );
      await assert.rejects(
        incrementCounts(nowhere, [{ key: 'k', addend: 1, windowSeconds: 60 }]),
        StoreUnavailableError,
      );
      assert.equal(nowhere.isHealthy(), false);
    } finally {
      await nowhere.close();
    }
  });
});
