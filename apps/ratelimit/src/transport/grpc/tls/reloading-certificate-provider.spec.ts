import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { experimental } from '@grpc/grpc-js';
import { createTestCertificates, scratchDir, type TestCertificates } from '@repo/test-support';
import { X509Certificate } from 'node:crypto';
import { ReloadingCertificateProvider } from './reloading-certificate-provider';

const commonName = (update: experimental.IdentityCertificateUpdate | null) =>
  update === null ? 'null' : new X509Certificate(update.certificate).subject;
const nextTick = () => new Promise((resolve) => process.nextTick(resolve));

describe(ReloadingCertificateProvider.name, () => {
  let certs: TestCertificates;
  let dir: string;
  let sut: ReloadingCertificateProvider;
  const warnings: string[] = [];
  const infos: string[] = [];
  const served = (cert: string, key: string) => {
    copyFileSync(cert, join(dir, 'tls.crt'));
    copyFileSync(key, join(dir, 'tls.key'));
  };

  before(async () => {
    certs = await createTestCertificates();
    dir = join(scratchDir('provider'), 'secret');
    mkdirSync(dir);
    served(certs.serverCert, certs.serverKey);
    sut = await ReloadingCertificateProvider.create({
      paths: { certFile: join(dir, 'tls.crt'), keyFile: join(dir, 'tls.key'), clientCaFile: certs.caCert },
      logger: { info: (message) => infos.push(message), warn: (message) => warnings.push(message) },
      // Reloads are driven by the test through reload(): no debounce or poll fires meanwhile.
      debounceMs: 3_600_000,
      pollIntervalMs: 0,
    });
  });
  after(() => sut.close());

  it('gives a new listener the current certificate and CA, after the caller has registered it', async () => {
    const identities: string[] = [];
    const cas: boolean[] = [];
    const onIdentity = (update: experimental.IdentityCertificateUpdate | null) =>
      identities.push(commonName(update));
    const onCa = (update: experimental.CaCertificateUpdate | null) => cas.push(update !== null);
    sut.addIdentityCertificateListener(onIdentity);
    sut.addCaCertificateListener(onCa);
    assert.deepEqual(identities, []);
    await nextTick();
    assert.deepEqual(identities, ['CN=server']);
    assert.deepEqual(cas, [true]);
    sut.removeIdentityCertificateListener(onIdentity);
    sut.removeCaCertificateListener(onCa);
  });

  it('publishes a changed pair to every listener', async () => {
    const identities: string[] = [];
    const listener = (update: experimental.IdentityCertificateUpdate | null) =>
      identities.push(commonName(update));
    sut.addIdentityCertificateListener(listener);
    await nextTick();
    assert.equal(await sut.reload(), 'unchanged');
    const v2 = certs.issueServerCertificate('server-v2');
    served(v2.cert, v2.key);
    assert.equal(await sut.reload(), 'updated');
    assert.deepEqual(identities, ['CN=server', 'CN=server-v2']);
    assert.match(infos.at(-1) ?? '', /^gRPC server certificate reloaded: CN=server-v2, DNS:localhost/);
    sut.removeIdentityCertificateListener(listener);
  });

  it('keeps the current pair when the new key does not match, and warns once while it stays bad', async () => {
    const identities: string[] = [];
    const listener = (update: experimental.IdentityCertificateUpdate | null) =>
      identities.push(commonName(update));
    sut.addIdentityCertificateListener(listener);
    await nextTick();
    served(certs.issueServerCertificate('server-v3').cert, certs.serverKey);
    assert.equal(await sut.reload(), 'rejected');
    assert.equal(await sut.reload(), 'rejected');
    assert.deepEqual(identities, ['CN=server-v2']);
    assert.equal(new X509Certificate(sut.material.certificate).subject, 'CN=server-v2');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^keeping the current gRPC server certificate: .*key values mismatch/);
    sut.removeIdentityCertificateListener(listener);
  });

  it('runs concurrent reloads one after another, sharing the queued one', async () => {
    const v4 = certs.issueServerCertificate('server-v4');
    served(v4.cert, v4.key);
    const [first, second, third] = await Promise.all([sut.reload(), sut.reload(), sut.reload()]);
    assert.equal(first, 'updated');
    assert.equal(second, first);
    assert.equal(third, first);
    assert.equal(new X509Certificate(sut.material.certificate).subject, 'CN=server-v4');
  });
});
