// KV_TIMEOUT against a real Redis when the event loop is held past the deadline (a major GC, a
// profile's start or stop): an answer that arrived meanwhile must win over the timer, which
// Node runs before it reads the socket.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startRedis, stopAllServers, type RedisServer } from '@repo/test-support';
import { withTimeout } from '../src/redis/with-timeout';

/** Holds the event loop, as a long synchronous step does. */
function holdLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe(withTimeout.name, () => {
  let redis: RedisServer;
  let socket: Socket;
  const reply = () => new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))));

  before(async () => {
    redis = await startRedis();
    const [host, port] = redis.url.split(':');
    socket = connect(Number(port), host);
    await once(socket, 'connect');
  });
  after(async () => {
    socket.destroy();
    await stopAllServers();
  });

  it('keeps an answer that arrived while the loop was held past the deadline', async () => {
    const answer = withTimeout(reply(), 20);
    socket.write('PING\r\n');
    holdLoop(200); // Redis answers within this; the 20 ms timer is due long before it ends
    assert.equal(await answer, '+PONG\r\n');
  });

  it('still times out when no answer comes', async () => {
    await assert.rejects(withTimeout(new Promise(() => undefined), 20), {
      name: 'StoreUnavailableError',
      message: /no answer within 20 ms \(KV_TIMEOUT\)/,
    });
  });
});
