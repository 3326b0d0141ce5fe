import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Client, connectivityState, credentials, Server, ServerCredentials } from '@grpc/grpc-js';
import { createTestCertificates, waitFor } from '@repo/test-support';
import { limitHandshakeTime } from '../../src/transport/grpc/limit-handshake-time';

const TIMEOUT_MS = 300;

async function boundServer(
  serverCredentials = ServerCredentials.createInsecure(),
): Promise<{ server: Server; port: number }> {
  const server = new Server();
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', serverCredentials, (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return { server, port };
}

describe(limitHandshakeTime.name, () => {
  const servers: Server[] = [];
  after(() => servers.forEach((server) => server.forceShutdown()));

  it('closes a connection that never sends the HTTP/2 preface', async () => {
    const { server, port } = await boundServer();
    servers.push(server);
    const warnings: string[] = [];
    limitHandshakeTime(server, TIMEOUT_MS, { warn: (message) => warnings.push(message) });
    const socket = connect(port, '127.0.0.1');
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => undefined);
    await waitFor(() => closed, { timeoutMs: 5000, description: 'the silent connection closed' });
    assert.deepEqual(warnings, []);
  });

  it('leaves a real HTTP/2 client connected past the timeout', async () => {
    const { server, port } = await boundServer();
    servers.push(server);
    limitHandshakeTime(server, TIMEOUT_MS, { warn: () => undefined });
    const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
    try {
      await new Promise<void>((resolve, reject) =>
        client.waitForReady(Date.now() + 5000, (error) => (error ? reject(error) : resolve())),
      );
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
      assert.equal(client.getChannel().getConnectivityState(false), connectivityState.READY);
    } finally {
      client.close();
    }
  });

  it('with TLS: closes a connection silent before or after the TLS handshake, keeps a real client', async () => {
    const certificates = await createTestCertificates();
    const { server, port } = await boundServer(
      ServerCredentials.createSsl(
        null,
        [
          {
            private_key: readFileSync(certificates.serverKey),
            cert_chain: readFileSync(certificates.serverCert),
          },
        ],
        false,
      ),
    );
    servers.push(server);
    limitHandshakeTime(server, TIMEOUT_MS, { warn: () => undefined });
    const closed: string[] = [];
    const silent = connect(port, '127.0.0.1');
    silent.on('close', () => closed.push('tcp')).on('error', () => undefined);
    const tlsOnly = tlsConnect({
      port,
      host: '127.0.0.1',
      ca: readFileSync(certificates.caCert),
      servername: 'localhost',
      ALPNProtocols: ['h2'],
    });
    tlsOnly.on('close', () => closed.push('tls')).on('error', () => undefined);
    const client = new Client(`localhost:${port}`, credentials.createSsl(readFileSync(certificates.caCert)));
    try {
      await new Promise<void>((resolve, reject) =>
        client.waitForReady(Date.now() + 5000, (error) => (error ? reject(error) : resolve())),
      );
      await waitFor(() => closed.length === 2, {
        timeoutMs: 5000,
        description: 'both silent connections closed',
      });
      assert.equal(client.getChannel().getConnectivityState(false), connectivityState.READY);
    } finally {
      client.close();
    }
  });

  it('does nothing when the timeout is 0', async () => {
    const { server, port } = await boundServer();
    servers.push(server);
    limitHandshakeTime(server, 0, { warn: () => assert.fail('no warning expected') });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
    assert.equal(socket.destroyed, false);
    socket.destroy();
  });
});
