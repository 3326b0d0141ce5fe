// Reads the gRPC server's certificate chain, private key and (for mTLS) client CA, and proves
// they work together before anyone serves them: a certificate that does not parse, a key that
// does not belong to it, or a CA that is not PEM is an error naming the files (a bad
// pair must never replace a good one, and the server never serves without a certificate).
import { readFile } from 'node:fs/promises';
import { X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';

export interface TlsFilePaths {
  readonly certFile: string;
  readonly keyFile: string;
  /** '' = no client CA (TLS without client certificates). */
  readonly clientCaFile: string;
}

export interface TlsMaterial {
  readonly certificate: Buffer;
  readonly privateKey: Buffer;
  readonly clientCa: Buffer | undefined;
  /** Of the leaf certificate, for logs: subject, SANs and expiry. */
  readonly description: string;
}

export class TlsMaterialError extends Error {
  override readonly name = 'TlsMaterialError';
}

export async function loadTlsMaterial(paths: TlsFilePaths): Promise<TlsMaterial> {
  const [certificate, privateKey, clientCa] = await Promise.all([
    readTlsFile(paths.certFile, 'GRPC_SERVER_TLS_CERT'),
    readTlsFile(paths.keyFile, 'GRPC_SERVER_TLS_KEY'),
    paths.clientCaFile === '' ? undefined : readTlsFile(paths.clientCaFile, 'GRPC_CLIENT_TLS_CACERT'),
  ]);
  const description = describeCertificate(certificate, paths.certFile);
  try {
    createSecureContext({ cert: certificate, key: privateKey, ca: clientCa });
  } catch (error) {
    throw new TlsMaterialError(
      `GRPC_SERVER_TLS_CERT=${paths.certFile}, GRPC_SERVER_TLS_KEY=${paths.keyFile}` +
        `${clientCa === undefined ? '' : `, GRPC_CLIENT_TLS_CACERT=${paths.clientCaFile}`}` +
        ` cannot be used together: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return { certificate, privateKey, clientCa, description };
}

/** Same bytes in every file: nothing to reload. */
export function isSameMaterial(a: TlsMaterial, b: TlsMaterial): boolean {
  const sameCa =
    a.clientCa === undefined || b.clientCa === undefined
      ? a.clientCa === b.clientCa
      : a.clientCa.equals(b.clientCa);
  return sameCa && a.certificate.equals(b.certificate) && a.privateKey.equals(b.privateKey);
}

async function readTlsFile(path: string, setting: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new TlsMaterialError(`cannot read ${setting}=${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function describeCertificate(pem: Buffer, path: string): string {
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(pem);
  } catch (error) {
    throw new TlsMaterialError(
      `GRPC_SERVER_TLS_CERT=${path} is not a PEM certificate: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const names = leaf.subjectAltName === undefined ? '' : `, ${leaf.subjectAltName}`;
  return `${leaf.subject.replace(/\n/g, ', ')}${names}, valid until ${leaf.validTo}`;
}
