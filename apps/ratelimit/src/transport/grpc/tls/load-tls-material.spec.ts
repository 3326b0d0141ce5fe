import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { createTestCertificates, type TestCertificates } from '@repo/test-support';
import { isSameMaterial, loadTlsMaterial, TlsMaterialError } from './load-tls-material';

describe(loadTlsMaterial.name, () => {
  let certs: TestCertificates;
  before(async () => {
    certs = await createTestCertificates();
  });

  it('reads a certificate, its key and the client CA, and describes the certificate', async () => {
    const sut = await loadTlsMaterial({
      certFile: certs.serverCert,
      keyFile: certs.serverKey,
      clientCaFile: certs.caCert,
    });
    assert.ok(sut.clientCa !== undefined);
    assert.match(sut.description, /^CN=server, DNS:localhost, IP Address:127\.0\.0\.1, valid until /);
  });

  it('has no client CA without GRPC_CLIENT_TLS_CACERT', async () => {
    const sut = await loadTlsMaterial({
      certFile: certs.serverCert,
      keyFile: certs.serverKey,
      clientCaFile: '',
    });
    assert.equal(sut.clientCa, undefined);
  });

  it('rejects a key that does not belong to the certificate, naming both files', async () => {
    await assert.rejects(
      loadTlsMaterial({ certFile: certs.serverCert, keyFile: certs.clientKey, clientCaFile: '' }),
      {
        name: TlsMaterialError.name,
        message: new RegExp(
          `^GRPC_SERVER_TLS_CERT=${certs.serverCert}, GRPC_SERVER_TLS_KEY=${certs.clientKey} cannot be used together: .*key values mismatch`,
        ),
      },
    );
  });

  it('rejects a file that is not a PEM certificate', async () => {
    const garbage = join(certs.dir, 'garbage.crt');
    writeFileSync(garbage, 'not a certificate\n');
    await assert.rejects(loadTlsMaterial({ certFile: garbage, keyFile: certs.serverKey, clientCaFile: '' }), {
      message: new RegExp(`^GRPC_SERVER_TLS_CERT=${garbage} is not a PEM certificate: `),
    });
  });

  it('rejects a missing file, naming its setting', async () => {
    const missing = join(certs.dir, 'missing.pem');
    await assert.rejects(
      loadTlsMaterial({ certFile: certs.serverCert, keyFile: certs.serverKey, clientCaFile: missing }),
      {
        message: `cannot read GRPC_CLIENT_TLS_CACERT=${missing}: ENOENT: no such file or directory, open '${missing}'`,
      },
    );
  });

  it('tells equal sets from changed ones (isSameMaterial)', async () => {
    const paths = { certFile: certs.serverCert, keyFile: certs.serverKey, clientCaFile: '' };
    const first = await loadTlsMaterial(paths);
    assert.equal(isSameMaterial(first, await loadTlsMaterial(paths)), true);
    assert.equal(
      isSameMaterial(first, await loadTlsMaterial({ ...paths, clientCaFile: certs.caCert })),
      false,
    );
    const other = certs.issueServerCertificate('server-other');
    assert.equal(
      isSameMaterial(first, await loadTlsMaterial({ ...paths, certFile: other.cert, keyFile: other.key })),
      false,
    );
  });
});
