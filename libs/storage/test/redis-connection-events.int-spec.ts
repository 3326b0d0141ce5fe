// The pool statistics a Redis store reports through onEvent (reference radix pool trace:
// cx_total, cx_local_close; the app derives cx_active), against real redis-server processes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startRedis, waitFor, type RedisServer } from '@repo/test-support';
import { RedisCounterStore } from '@repo/storage';
import { redisConnection, redisStoreOptions } from './store-options';

describe('RedisCounterStore connection events', () => {
  let main: RedisServer;
  let perSecond: RedisServer;

  before(async () => {
    [main, perSecond] = await Promise.all([startRedis(), startRedis()]);
  });
  after(async () => {
    await Promise.all([main, perSecond].map((server) => server?.stop()));
  });

  it('reports each store connection made and closed under its pool name', async () => {
    const events: string[] = [];
    const sut = new RedisCounterStore(
      redisStoreOptions(redisConnection('single', main.url), {
        perSecond: redisConnection('single', perSecond.url),
        onEvent: (name) => events.push(name),
      }),
    );
    await sut.ready();
    assert.deepEqual(events.sort(), ['redis_per_second_pool.cx_total', 'redis_pool.cx_total']);
    await sut.close();
    await waitFor(() => events.length === 4, { timeoutMs: 5000, description: 'the close events' });
    assert.deepEqual(events.sort(), [
      'redis_per_second_pool.cx_local_close',
      'redis_per_second_pool.cx_total',
      'redis_pool.cx_local_close',
      'redis_pool.cx_total',
    ]);
  });

  it('counts a reconnection after the server restarts as a close and a new connection', async () => {
    const events: string[] = [];
    const sut = new RedisCounterStore(
      // pool statistics only: a reconnect attempt made while the server is still down also
      // reports redis.connection_error, how many depends on how long the restart takes
      redisStoreOptions(redisConnection('single', main.url), {
        onEvent: (name) => name.startsWith('redis_pool.') && events.push(name),
      }),
    );
    try {
      await sut.ready();
      await main.restart();
      await waitFor(() => events.filter((e) => e === 'redis_pool.cx_total').length === 2, {
        timeoutMs: 10_000,
        description: 'the reconnection',
      });
      assert.deepEqual(events, ['redis_pool.cx_total', 'redis_pool.cx_local_close', 'redis_pool.cx_total']);
    } finally {
      await sut.close();
    }
  });
});
