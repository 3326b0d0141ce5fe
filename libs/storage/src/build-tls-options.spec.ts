import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { buildTlsOptions } from './build-tls-options';
import { StorageOptionsError } from './storage-options-error';

describe(buildTlsOptions.name, () => {
  let dir: string;
  const file = (name: string) => join(dir, name);

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'storage-tls-'));
    writeFileSync(file('ca.pem'), 'CA PEM');
    writeFileSync(file('client.pem'), 'CLIENT PEM');
    writeFileSync(file('client.key'), 'KEY PEM');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('appends the CA to the root certificates and reads the client pair', () => {
    const sut = buildTlsOptions({
      caCertPath: file('ca.pem'),
      clientCertPath: file('client.pem'),
      clientKeyPath: file('client.key'),
    });
    assert.deepEqual(sut.ca, [...rootCertificates, 'CA PEM']);
    assert.equal(sut.cert, 'CLIENT PEM');
    assert.equal(sut.key, 'KEY PEM');
    assert.equal(sut.checkServerIdentity, undefined);
  });

  it('skips only the host name check when asked', () => {
    const sut = buildTlsOptions({ skipHostnameVerification: true });
    assert.equal(sut.checkServerIdentity?.('wrong.example', {} as never), undefined);
    assert.equal(sut.rejectUnauthorized, undefined); // the chain is still verified
  });

  it('names a missing file', () => {
    assert.throws(() => buildTlsOptions({ caCertPath: file('missing.pem') }), {
      name: StorageOptionsError.name,
      message: new RegExp(`^cannot read TLS CA certificate ${file('missing.pem')}: ENOENT`),
    });
  });

  it('demands certificate and key together', () => {
    assert.throws(() => buildTlsOptions({ clientCertPath: file('client.pem') }), {
      message: 'TLS client certificate and client key must be given together',
    });
  });
});
