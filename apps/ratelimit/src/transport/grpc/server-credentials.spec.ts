import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { ServerCredentials } from '@grpc/grpc-js';
import { createTestCertificates, type TestCertificates } from '@repo/test-support';
import type { GrpcServerTlsSettings } from '../../settings/settings';
import { createServerCredentials } from './server-credentials';

function clientCertificateOptions(credentials: ServerCredentials) {
  const { requestCert, rejectUnauthorized } = credentials._getConstructorOptions() ?? {};
  return { requestCert, rejectUnauthorized };
}

describe(createServerCredentials.name, () => {
  let certs: TestCertificates;
  const logs: string[] = [];
  const logger = {
    info: (message: string) => logs.push(message),
    warn: (message: string) => logs.push(message),
  };
  const tls = (overrides: Partial<GrpcServerTlsSettings>): GrpcServerTlsSettings => ({
    enabled: true,
    certFile: certs.serverCert,
    keyFile: certs.serverKey,
    clientCaCertFile: '',
    clientSan: '',
    ...overrides,
  });
  before(async () => {
    certs = await createTestCertificates();
  });

  it('is plaintext unless GRPC_SERVER_USE_TLS', async () => {
    const sut = await createServerCredentials(tls({ enabled: false }), logger);
    assert.equal(sut._isSecure(), false);
  });

  it('serves TLS without asking for client certificates', async () => {
    const sut = await createServerCredentials(tls({}), logger);
    assert.equal(sut._isSecure(), true);
    assert.deepEqual(clientCertificateOptions(sut), { requestCert: false, rejectUnauthorized: false });
    assert.match(logs.at(-1) ?? '', /^gRPC TLS: CN=server, /);
  });

  it('requires and verifies client certificates with GRPC_CLIENT_TLS_CACERT', async () => {
    const sut = await createServerCredentials(tls({ clientCaCertFile: certs.caCert }), logger);
    assert.deepEqual(clientCertificateOptions(sut), { requestCert: true, rejectUnauthorized: true });
    assert.match(logs.at(-1) ?? '', /^gRPC TLS with client certificates \(mTLS\): CN=server, /);
  });

  it('adds the SAN check only with mTLS (settings refuse a SAN without a client CA)', async () => {
    const mutual = await createServerCredentials(
      tls({ clientCaCertFile: certs.caCert, clientSan: 'a.test' }),
      logger,
    );
    assert.equal(mutual._getInterceptors().length, 1);
    const plain = await createServerCredentials(tls({ clientSan: 'a.test' }), logger);
    assert.equal(plain._getInterceptors().length, 0);
  });
});
