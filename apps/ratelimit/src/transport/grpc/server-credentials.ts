// gRPC server credentials from GRPC_SERVER_USE_TLS / _TLS_CERT / _TLS_KEY / GRPC_CLIENT_TLS_CACERT.
// Plaintext unless TLS is on; with a client CA, client certificates are required (mTLS).
import { readFile } from 'node:fs/promises';
import { ServerCredentials } from '@grpc/grpc-js';
import type { GrpcServerTlsSettings } from '../../settings/settings';

export async function createServerCredentials(tls: GrpcServerTlsSettings): Promise<ServerCredentials> {
  if (!tls.enabled) return ServerCredentials.createInsecure();
  const [certChain, privateKey, clientCa] = await Promise.all([
    readTlsFile(tls.certFile, 'GRPC_SERVER_TLS_CERT'),
    readTlsFile(tls.keyFile, 'GRPC_SERVER_TLS_KEY'),
    tls.clientCaCertFile === '' ? undefined : readTlsFile(tls.clientCaCertFile, 'GRPC_CLIENT_TLS_CACERT'),
  ]);
  return ServerCredentials.createSsl(
    clientCa ?? null,
    [{ cert_chain: certChain, private_key: privateKey }],
    clientCa !== undefined,
  );
}

async function readTlsFile(path: string, setting: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new Error(`cannot read ${setting}=${path}: ${(error as Error).message}`, { cause: error });
  }
}
