// A TLS socket can report an error after its first one (the server's alert after the client
// refused its certificate); ioredis listens with once(), so without the connectors' own listener
// that second error was an uncaught exception (tls-connectors.ts). Against a real TLS redis-server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  clientTlsOptions,
  createTestCertificates,
  startRedis,
  type RedisServer,
  type TestCertificates,
} from '@repo/test-support';
import { tlsStandaloneConnector } from '../src/redis/tls-connectors';

const TlsStandaloneConnector = tlsStandaloneConnector();

describe('the TLS standalone connector against a real TLS redis-server', () => {
  let server: RedisServer;
  let certificates: TestCertificates;

  before(async () => {
    certificates = await createTestCertificates();
    server = await startRedis({ tls: certificates });
  });
  after(() => server?.stop());

  it('connects, and keeps a listener for errors after the first one', async () => {
    const [host, port] = server.url.split(':');
    const connector = new TlsStandaloneConnector({
      host,
      port: Number(port),
      tls: clientTlsOptions(certificates),
    });
    const stream = await connector.connect(() => undefined);
    await new Promise((resolve) => stream.once('secureConnect', resolve));
    stream.once('error', () => undefined); // what ioredis listens with
    const first = new Error('certificate refused');
    stream.destroy(first);
    await new Promise((resolve) => stream.once('close', resolve));
    // the late alert: with no listener left, emit() would throw it
    assert.doesNotThrow(() => stream.emit('error', new Error('tlsv1 alert decode error')));
    assert.equal(connector.firstError, first);
  });

  it('does not connect once disconnected before the next tick', async () => {
    const connector = new TlsStandaloneConnector({ host: '127.0.0.1', port: 1 });
    const connecting = connector.connect(() => undefined);
    connector.disconnect();
    await assert.rejects(connecting, /^Error: Connection is closed\.$/);
  });
});
