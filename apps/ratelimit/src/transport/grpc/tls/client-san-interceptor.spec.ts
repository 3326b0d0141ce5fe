import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { createTestCertificates, type TestCertificates } from '@repo/test-support';
import { certificateHasDnsName } from './client-san-interceptor';

describe(certificateHasDnsName.name, () => {
  let certs: TestCertificates;
  const der = (pem: string) => new X509Certificate(readFileSync(pem)).raw;
  before(async () => {
    certs = await createTestCertificates();
  });

  it('matches a DNS subject alternative name, ignoring case', () => {
    assert.equal(certificateHasDnsName(der(certs.clientCert), 'client.test'), true);
    assert.equal(certificateHasDnsName(der(certs.clientCert), 'CLIENT.test'), true);
  });

  it('does not match other names, sub-domains or the subject CN (as Go)', () => {
    assert.equal(certificateHasDnsName(der(certs.clientCert), 'billing.internal'), false);
    assert.equal(certificateHasDnsName(der(certs.clientCert), 'a.client.test'), false);
    assert.equal(certificateHasDnsName(der(certs.clientCert), 'client'), false);
  });
});
