// The statsd sink's shutdown against a real TCP collector: the last lines go out when it is
// there, and shutdown does not hang when it has gone away (hot-shots never calls back then).
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { STATSD_CLOSE_TIMEOUT_MS } from '../../src/stats/sinks/create-statsd-client';
import { StatsdSink } from '../../src/stats/sinks/statsd-sink';

interface Collector {
  readonly port: number;
  readonly received: () => string;
  stop(): void;
}

async function startCollector(): Promise<Collector> {
  const sockets: Socket[] = [];
  let received = '';
  const server: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', (chunk) => (received += chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    received: () => received,
    stop: () => {
      server.close();
      sockets.forEach((socket) => socket.destroy());
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`${StatsdSink.name} shutdown`, () => {
  const collectors: Collector[] = [];
  after(() => collectors.forEach((collector) => collector.stop()));

  it('sends the last lines before it closes', async () => {
    const collector = await startCollector();
    collectors.push(collector);
    const sut = new StatsdSink({
      host: '127.0.0.1',
      port: collector.port,
      extraTags: {},
      onError: () => undefined,
    });
    sut.flushCounter('ratelimit.service.rate_limit.rl.foo.total_hits', 3);
    await sut.close();
    await pause(100);
    assert.equal(collector.received(), 'ratelimit.service.rate_limit.rl.foo.total_hits:3|c\n');
  });

  it('closes within its timeout when the collector has gone away', async () => {
    const collector = await startCollector();
    const sut = new StatsdSink({
      host: '127.0.0.1',
      port: collector.port,
      extraTags: {},
      onError: () => undefined,
    });
    sut.flushCounter('a', 1);
    sut.endFlush();
    await pause(100);
    collector.stop();
    for (let i = 0; i < 3; i++) {
      sut.flushCounter('a', 1);
      sut.endFlush();
      await pause(100);
    }
    const started = Date.now();
    await sut.close();
    assert.ok(
      Date.now() - started < STATSD_CLOSE_TIMEOUT_MS + 1000,
      `closed after ${Date.now() - started} ms`,
    );
  });
});
