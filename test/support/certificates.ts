import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBinary } from './ensure-binary';
import { scratchDir } from './scratch-dir';

/** PEM file paths of a small test PKI (EC P-256 keys: fast to make). */
export interface TestCertificates {
  readonly dir: string;
  readonly caCert: string;
  readonly caKey: string;
  /** SAN: DNS localhost, IP 127.0.0.1 (serverAuth). */
  readonly serverCert: string;
  readonly serverKey: string;
  /** SAN: DNS client.test (clientAuth). */
  readonly clientCert: string;
  readonly clientKey: string;
  /** A second CA and a client certificate it signed: must be rejected by mTLS servers. */
  readonly otherCaCert: string;
  readonly otherClientCert: string;
  readonly otherClientKey: string;
  /** A new server certificate from the same CA, e.g. to test certificate hot reload. */
  issueServerCertificate(commonName: string): { cert: string; key: string };
}

function openssl(args: readonly string[], cwd: string): void {
  execFileSync(ensureBinary('openssl', 'openssl'), args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function makeCa(dir: string, name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '30',
    ].concat(['-subj', `/CN=${name}`, '-keyout', key, '-out', cert]),
    dir,
  );
  return { cert, key };
}

function issue(
  dir: string,
  ca: { cert: string; key: string },
  name: string,
  extensions: string,
): { cert: string; key: string } {
  const key = join(dir, `${name}.key`);
  const csr = join(dir, `${name}.csr`);
  const cert = join(dir, `${name}.crt`);
  const extFile = join(dir, `${name}.ext`);
  writeFileSync(extFile, extensions);
  openssl(
    ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-subj',
      `/CN=${name}`,
      '-keyout',
      key,
      '-out',
      csr,
    ]),
    dir,
  );
  openssl(
    ['x509', '-req', '-in', csr, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-days', '30'].concat([
      '-extfile',
      extFile,
      '-out',
      cert,
    ]),
    dir,
  );
  return { cert, key };
}

const serverExtensions = 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n';
const clientExtensions = 'subjectAltName=DNS:client.test\nextendedKeyUsage=clientAuth\n';

/** Makes a CA, a server and a client certificate, and a foreign CA with its own client. */
export async function createTestCertificates(): Promise<TestCertificates> {
  const dir = scratchDir('certs');
  const ca = makeCa(dir, 'ca');
  const server = issue(dir, ca, 'server', serverExtensions);
  const client = issue(dir, ca, 'client', clientExtensions);
  const otherCa = makeCa(dir, 'other-ca');
  const otherClient = issue(dir, otherCa, 'other-client', clientExtensions);
  return {
    dir,
    caCert: ca.cert,
    caKey: ca.key,
    serverCert: server.cert,
    serverKey: server.key,
    clientCert: client.cert,
    clientKey: client.key,
    otherCaCert: otherCa.cert,
    otherClientCert: otherClient.cert,
    otherClientKey: otherClient.key,
    issueServerCertificate: (commonName) => issue(dir, ca, commonName, serverExtensions),
  };
}
