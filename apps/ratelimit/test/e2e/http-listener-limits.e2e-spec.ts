// The same limits on every HTTP listener (docs/failure-behaviour.md): the HTTP listener, the debug
// listener and the Prometheus pull listener each take HTTP_MAX_CONNECTIONS connections and close
// the next ones at once, cut a half-sent request after HTTP_REQUEST_TIMEOUT (408), and keep idle
// keep-alive connections 72 s. The flood at scale: test/faults/connection-flood.faults-spec.ts.
import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { freePort, waitFor } from '@repo/test-support';
import { httpCall } from '../../load/keep-alive-callers';
import { openConnections, type RawConnectionGroup } from '../faults/raw-connections';
import { startTestApp, type TestApp } from '../support/start-app';

const MAX_CONNECTIONS = 3;

describe('limits shared by the HTTP, debug and Prometheus listeners', () => {
  let app: TestApp;
  let metricsPort: number;
  const groups: RawConnectionGroup[] = [];

  before(async () => {
    metricsPort = await freePort();
    app = await startTestApp({
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      HTTP_REQUEST_TIMEOUT: '1s',
      DISABLE_STATS: 'false',
      USE_PUSHSTATS: 'false',
      USE_PULLSTATS: 'true',
      PULLSTATS_ADDR: `127.0.0.1:${metricsPort}`,
    });
  });
  after(async () => {
    groups.forEach((group) => group.destroy());
    await app?.stop();
  });

  const listeners = () => [
    { name: 'HTTP', port: app.service.httpPort, path: '/healthcheck' },
    { name: 'debug', port: app.service.debugPort, path: '/rlconfig' },
    { name: 'Prometheus', port: metricsPort, path: '/metrics' },
  ];

  for (const name of ['HTTP', 'debug', 'Prometheus']) {
    it(`${name}: past the cap closed at once, half-sent requests cut with a 408, keep-alive 72 s`, async () => {
      const listener = listeners().find((candidate) => candidate.name === name)!;
      const halfSent = await openConnections(listener.port, MAX_CONNECTIONS, 'GET / HTTP/1.1\r\n');
      const extra = await openConnections(listener.port, 2, 'GET / HTTP/1.1\r\n');
      groups.push(halfSent, extra);
      await waitFor(() => extra.openCount() === 0, {
        timeoutMs: 5000,
        description: 'refused connections closed',
      });
      assert.deepEqual(
        extra.connections.map((connection) => connection.socket.bytesRead),
        [0, 0],
        'refused before a byte',
      );
      assert.equal(halfSent.openCount(), MAX_CONNECTIONS);
      await waitFor(() => halfSent.openCount() === 0, {
        timeoutMs: 10_000,
        description: 'half-sent requests cut',
      });
      for (const connection of halfSent.connections) {
        assert.ok(connection.socket.bytesRead > 0, 'a 408 before the close');
      }
      const agent = new Agent({ keepAlive: true });
      try {
        const answer = await httpCall(`http://127.0.0.1:${listener.port}${listener.path}`, { agent });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['keep-alive'], 'timeout=72');
      } finally {
        agent.destroy();
      }
      assert.equal((await httpCall(`http://127.0.0.1:${listener.port}${listener.path}`)).status, 200);
    });
  }
});
