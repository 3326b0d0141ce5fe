import { readFileSync } from 'node:fs';
import { rootCertificates, type ConnectionOptions } from 'node:tls';
import type { StoreTlsOptions } from './counter-store-options';
import { StorageOptionsError } from './storage-options-error';

/**
 * Node TLS client options from PEM file paths (read once, at start-up). The CA is appended to
 * Node's root certificates (the reference appends it to the system pool); with
 * skipHostnameVerification the chain is still verified, only the host name check is skipped.
 */
export function buildTlsOptions(options: StoreTlsOptions): ConnectionOptions {
  const tls: ConnectionOptions = {};
  if (options.caCertPath) tls.ca = [...rootCertificates, readPem(options.caCertPath, 'CA certificate')];
  if (options.clientCertPath) tls.cert = readPem(options.clientCertPath, 'client certificate');
  if (options.clientKeyPath) tls.key = readPem(options.clientKeyPath, 'client key');
  if (Boolean(tls.cert) !== Boolean(tls.key)) {
    throw new StorageOptionsError('TLS client certificate and client key must be given together');
  }
  if (options.skipHostnameVerification) tls.checkServerIdentity = () => undefined;
  return tls;
}

function readPem(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new StorageOptionsError(`cannot read TLS ${what} ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
