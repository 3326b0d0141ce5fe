// The same limits on every HTTP listener (docs/failure-behaviour.md): the HTTP listener, the debug
// listener and the Prometheus pull listener each take HTTP_MAX_CONNECTIONS connections (at the cap
// a new one replaces the one quiet longest, so a probe is answered), cut a half-sent request after
// HTTP_REQUEST_TIMEOUT (408), and keep idle keep-alive connections 72 s. The flood at scale: test/faults/connection-flood.faults-spec.ts.
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
    it(`${name}: at the cap the quietest replaced, a probe answered, half-sent requests cut (408)`, async () => {
      const listener = listeners().find((candidate) => candidate.name === name)!;
      const url = `http://127.0.0.1:${listener.port}${listener.path}`;
      const halfSent = await openConnections(listener.port, MAX_CONNECTIONS, 'GET / HTTP/1.1\r\n');
      // Each connected before the next group: the server accepts them in that order.
      const extra = await openConnections(listener.port, 2, 'GET / HTTP/1.1\r\n');
      groups.push(halfSent, extra);
      await waitFor(() => halfSent.openCount() === MAX_CONNECTIONS - 2, {
        timeoutMs: 5000,
        description: 'the two quietest connections replaced',
      });
      const replaced = halfSent.connections.filter((connection) => connection.closedAt !== undefined);
      assert.deepEqual(
        replaced.map((connection) => connection.socket.bytesRead),
        [0, 0],
        'replaced without an answer',
      );
      assert.equal(extra.openCount(), 2);
      assert.equal((await httpCall(url)).status, 200, 'a probe at the cap is answered');
      const all = [...halfSent.connections, ...extra.connections];
      await waitFor(() => all.every((connection) => connection.closedAt !== undefined), {
        timeoutMs: 10_000,
        description: 'half-sent requests cut',
      });
      const cut = all.filter((connection) => connection.socket.bytesRead > 0);
      // the probe replaced the last half-sent one: the two extra connections remain to be cut
      assert.deepEqual(
        [halfSent.openCount(), extra.connections.filter((c) => c.socket.bytesRead > 0).length, cut.length],
        [0, 2, 2],
        'a 408 before the close for those not replaced',
      );
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
