// gRPC server credentials from GRPC_SERVER_USE_TLS / _TLS_CERT / _TLS_KEY and, for mutual TLS,
// GRPC_CLIENT_TLS_CACERT / GRPC_CLIENT_TLS_SAN (docs/tls.md). Plaintext unless
// TLS is on. With TLS the files are read and checked before the server listens (a set that
// cannot be served fails the start), then watched: a good new set is served to new connections,
// a bad one is logged and the current set stays (tls/reloading-certificate-provider.ts).
// With a client CA, client certificates are required and verified against it; with a SAN too,
// calls from a certificate without that DNS name fail UNAUTHENTICATED (tls/client-san-interceptor.ts).
import { experimental, ServerCredentials } from '@grpc/grpc-js';
import type { Logger } from '@repo/rules';
import type { GrpcServerTlsSettings } from '../../settings/settings';
import { clientSanInterceptor } from './tls/client-san-interceptor';
import { ReloadingCertificateProvider } from './tls/reloading-certificate-provider';

export interface CertificateWatchOptions {
  /** Quiet time after a change in the files' directories before they are read. */
  readonly debounceMs: number;
  /** The files are also re-read this often, in case a change event is lost. */
  readonly pollIntervalMs: number;
}

/** A rotation is seen ~0.2 s after the files change, or after 5 s at worst (the reference allows 10 s). */
export const CERTIFICATE_WATCH: CertificateWatchOptions = { debounceMs: 200, pollIntervalMs: 5000 };

export async function createServerCredentials(
  tls: GrpcServerTlsSettings,
  logger: Pick<Logger, 'info' | 'warn'>,
  watch: CertificateWatchOptions = CERTIFICATE_WATCH,
): Promise<ServerCredentials> {
  if (!tls.enabled) return ServerCredentials.createInsecure();
  const isMutual = tls.clientCaCertFile !== '';
  const provider = await ReloadingCertificateProvider.create({
    paths: { certFile: tls.certFile, keyFile: tls.keyFile, clientCaFile: tls.clientCaCertFile },
    logger,
    ...watch,
  });
  logger.info(
    `gRPC TLS${isMutual ? ' with client certificates (mTLS)' : ''}: ${provider.material.description}`,
  );
  // grpc-js' parameter names are swapped: the first provider is the identity, the second the CA.
  const credentials = experimental.createCertificateProviderServerCredentials(
    provider,
    isMutual ? provider : null,
    isMutual,
  );
  // Settings refuse a SAN without a client CA (check-settings.ts), so a SAN means mutual TLS here.
  if (tls.clientSan === '' || !isMutual) return credentials;
  return experimental.createServerCredentialsWithInterceptors(credentials, [
    clientSanInterceptor(tls.clientSan),
  ]);
}
