// TLS helpers for the gRPC transport tests: client credentials from the test PKI
// (@repo/test-support createTestCertificates), a raw TLS probe that reports which certificate
// a brand-new connection is served, and atomic replacement of certificate files.
import { copyFileSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { credentials as grpcCredentials, type ChannelCredentials } from '@grpc/grpc-js';
import type { TestCertificates } from '@repo/test-support';

/** Which client certificate a test client presents. */
export type ClientIdentity = 'none' | 'client' | 'other-ca-client' | 'server';

export function clientCredentials(certs: TestCertificates, identity: ClientIdentity): ChannelCredentials {
  const ca = readFileSync(certs.caCert);
  const pair: Record<Exclude<ClientIdentity, 'none'>, [string, string]> = {
    client: [certs.clientKey, certs.clientCert],
    'other-ca-client': [certs.otherClientKey, certs.otherClientCert],
    server: [certs.serverKey, certs.serverCert],
  };
  if (identity === 'none') return grpcCredentials.createSsl(ca);
  const [key, cert] = pair[identity];
  return grpcCredentials.createSsl(ca, readFileSync(key), readFileSync(cert));
}

/** Opens a new TLS connection (ALPN h2, as gRPC) and returns the CN of the served certificate. */
export function servedCommonName(port: number, caFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: '127.0.0.1',
      port,
      servername: 'localhost',
      ca: readFileSync(caFile),
      ALPNProtocols: ['h2'],
    });
    socket.once('secureConnect', () => {
      const commonName = socket.getPeerCertificate().subject.CN;
      socket.destroy();
      resolve(String(commonName));
    });
    socket.once('error', reject);
  });
}

/** Where the server reads its certificate and key in hot-reload tests. */
export interface ServedFiles {
  readonly certFile: string;
  readonly keyFile: string;
  /** Replaces both files, each atomically (write a temporary file, then rename). */
  replace(cert: string, key: string): void;
}

export function servedFiles(dir: string, cert: string, key: string): ServedFiles {
  const certFile = join(dir, 'tls.crt');
  const keyFile = join(dir, 'tls.key');
  const replace = (newCert: string, newKey: string) => {
    copyFileSync(newCert, `${certFile}.tmp`);
    copyFileSync(newKey, `${keyFile}.tmp`);
    renameSync(`${certFile}.tmp`, certFile);
    renameSync(`${keyFile}.tmp`, keyFile);
  };
  replace(cert, key);
  return { certFile, keyFile, replace };
}
