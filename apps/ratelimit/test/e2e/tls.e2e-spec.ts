// gRPC over TLS and mutual TLS end to end (docs/tls.md): the real app with
// certificates from a test CA made by openssl, called by grpc-js clients that present no,
// a good, or a foreign client certificate; certificate hot reload seen by new connections.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { credentials as grpcCredentials, status as GrpcStatus } from '@grpc/grpc-js';
import { createTestCertificates, scratchDir, waitFor, type TestCertificates } from '@repo/test-support';
import { captureLogs } from '../support/capture-logs';
import { clientCredentials, servedCommonName, servedFiles, type ClientIdentity } from '../support/grpc-tls';
import { createRulesDir } from '../../load/rules-dir';
import { createRlsClient, rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES =
  'domain: tls\ndescriptors:\n  - key: user\n    rate_limit: { unit: minute, requests_per_unit: 100 }\n';
const REQUEST = rlsRequest('tls', [['user', 'alice']]);

describe('gRPC over TLS', { timeout: 60_000 }, () => {
  let certs: TestCertificates;
  const rules = createRulesDir({ 'tls.yaml': RULES });
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>, logLines?: string[]) => {
    const app = await startTestApp(
      { ...rules.env, GRPC_SERVER_USE_TLS: 'true', ...env },
      { logger: captureLogs(logLines) },
    );
    apps.push(app);
    return app;
  };
  /** One ShouldRateLimit on a new channel; resolves 'OK' or the gRPC status name and details. */
  const callAs = async (app: TestApp, identity: ClientIdentity | 'plaintext') => {
    const channel =
      identity === 'plaintext' ? grpcCredentials.createInsecure() : clientCredentials(certs, identity);
    const client = createRlsClient(`localhost:${app.service.grpcPort}`, channel);
    try {
      return (await client.shouldRateLimit(REQUEST)).overallCode;
    } catch (error) {
      const { code, details } = error as { code: number; details: string };
      return `${GrpcStatus[code]}: ${details}`;
    } finally {
      client.close();
    }
  };

  before(async () => {
    certs = await createTestCertificates();
  });
  after(async () => {
    for (const app of apps) await app.stop();
  });

  describe('server TLS (GRPC_SERVER_USE_TLS)', () => {
    let app: TestApp;
    before(async () => {
      app = await start({ GRPC_SERVER_TLS_CERT: certs.serverCert, GRPC_SERVER_TLS_KEY: certs.serverKey });
    });

    it('completes the handshake and answers a client that trusts the CA', async () => {
      assert.equal(await callAs(app, 'none'), 'OK');
      assert.equal(await servedCommonName(app.service.grpcPort, certs.caCert), 'server');
    });

    it('does not answer a plaintext client', async () => {
      assert.match(await callAs(app, 'plaintext'), /^UNAVAILABLE: /);
    });
  });

  describe('mutual TLS (GRPC_CLIENT_TLS_CACERT)', () => {
    let app: TestApp;
    before(async () => {
      app = await start({
        GRPC_SERVER_TLS_CERT: certs.serverCert,
        GRPC_SERVER_TLS_KEY: certs.serverKey,
        GRPC_CLIENT_TLS_CACERT: certs.caCert,
      });
    });

    it('answers a client whose certificate the CA signed', async () => {
      assert.equal(await callAs(app, 'client'), 'OK');
    });

    it('rejects a client without a certificate in the handshake', async () => {
      assert.match(await callAs(app, 'none'), /^UNAVAILABLE: /);
    });

    it('rejects a client whose certificate another CA signed', async () => {
      assert.match(await callAs(app, 'other-ca-client'), /^UNAVAILABLE: /);
    });

    it('rejects a certificate of the right CA that is not for client authentication', async () => {
      assert.match(await callAs(app, 'server'), /^UNAVAILABLE: /);
    });
  });

  describe('mutual TLS with GRPC_CLIENT_TLS_SAN', () => {
    const startWithSan = (san: string) =>
      start({
        GRPC_SERVER_TLS_CERT: certs.serverCert,
        GRPC_SERVER_TLS_KEY: certs.serverKey,
        GRPC_CLIENT_TLS_CACERT: certs.caCert,
        GRPC_CLIENT_TLS_SAN: san,
      });

    it('answers a client certificate that carries the SAN', async () => {
      assert.equal(await callAs(await startWithSan('client.test'), 'client'), 'OK');
    });

    it('fails the calls of a certificate without the SAN with UNAUTHENTICATED, naming the SAN', async () => {
      const app = await startWithSan('billing.internal');
      assert.equal(
        await callAs(app, 'client'),
        'UNAUTHENTICATED: client certificate does not carry the DNS SAN "billing.internal" required by GRPC_CLIENT_TLS_SAN',
      );
      const health = createRlsClient(`localhost:${app.service.grpcPort}`, clientCredentials(certs, 'client'));
      const failure = await health.healthCheck('').catch((error: { code: number }) => GrpcStatus[error.code]);
      health.close();
      assert.equal(failure, 'UNAUTHENTICATED');
    });
  });

  describe('certificate hot reload', () => {
    let app: TestApp;
    let files: ReturnType<typeof servedFiles>;
    const logLines: string[] = [];
    before(async () => {
      const dir = join(scratchDir('served-tls'), 'secret');
      mkdirSync(dir);
      files = servedFiles(dir, certs.serverCert, certs.serverKey);
      app = await start(
        { GRPC_SERVER_TLS_CERT: files.certFile, GRPC_SERVER_TLS_KEY: files.keyFile },
        logLines,
      );
    });

    it('serves replaced certificate files to new connections within 10 s', async (t) => {
      const v2 = certs.issueServerCertificate('server-v2');
      assert.equal(await servedCommonName(app.service.grpcPort, certs.caCert), 'server');
      const startedMs = Date.now();
      files.replace(v2.cert, v2.key);
      await waitFor(
        async () => (await servedCommonName(app.service.grpcPort, certs.caCert)) === 'server-v2',
        {
          timeoutMs: 10_000,
          description: 'new connections to be served CN=server-v2',
        },
      );
      t.diagnostic(`new certificate served ${Date.now() - startedMs} ms after the files were replaced`);
      assert.equal(await callAs(app, 'none'), 'OK');
    });

    it('keeps serving the current certificate when the new key does not match it', async () => {
      const v3 = certs.issueServerCertificate('server-v3');
      files.replace(v3.cert, certs.serverKey);
      await waitFor(
        () => logLines.some((line) => line.includes('keeping the current gRPC server certificate')),
        {
          timeoutMs: 10_000,
          description: 'the rejected reload to be logged',
        },
      );
      assert.match(logLines.join('\n'), /key values mismatch/);
      assert.equal(await servedCommonName(app.service.grpcPort, certs.caCert), 'server-v2');
      assert.equal(await callAs(app, 'none'), 'OK');
    });
  });

  describe('start-up', () => {
    it('refuses to start with a key that does not belong to the certificate, naming the files', async () => {
      await assert.rejects(
        start({ GRPC_SERVER_TLS_CERT: certs.serverCert, GRPC_SERVER_TLS_KEY: certs.clientKey }),
        new RegExp(
          `GRPC_SERVER_TLS_CERT=${certs.serverCert}, GRPC_SERVER_TLS_KEY=${certs.clientKey} cannot be used together: .*key values mismatch`,
        ),
      );
    });

    it('refuses to start when the certificate file is missing', async () => {
      const missing = join(certs.dir, 'missing.crt');
      await assert.rejects(
        start({ GRPC_SERVER_TLS_CERT: missing, GRPC_SERVER_TLS_KEY: certs.serverKey }),
        new RegExp(`cannot read GRPC_SERVER_TLS_CERT=${missing}: ENOENT`),
      );
    });
  });
});
