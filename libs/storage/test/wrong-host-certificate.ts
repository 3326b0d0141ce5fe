import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCertificates } from '@repo/test-support';

/**
 * A server certificate from the test CA whose only name is `wrong-host.test`: valid chain, wrong
 * host name for 127.0.0.1 (for skip-hostname-verification tests).
 */
export function issueWrongHostCertificate(certificates: TestCertificates): {
  serverCert: string;
  serverKey: string;
} {
  const key = join(certificates.dir, 'wrong-host.key');
  const csr = join(certificates.dir, 'wrong-host.csr');
  const cert = join(certificates.dir, 'wrong-host.crt');
  const ext = join(certificates.dir, 'wrong-host.ext');
  writeFileSync(ext, 'subjectAltName=DNS:wrong-host.test\nextendedKeyUsage=serverAuth\n');
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  openssl(
    [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=wrong-host.test',
    ].concat(['-keyout', key, '-out', csr]),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      csr,
      '-CA',
      certificates.caCert,
      '-CAkey',
      certificates.caKey,
      '-CAcreateserial',
    ].concat(['-days', '2', '-extfile', ext, '-out', cert]),
  );
  return { serverCert: cert, serverKey: key };
}
