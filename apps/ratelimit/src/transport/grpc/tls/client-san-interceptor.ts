// GRPC_CLIENT_TLS_SAN: with mTLS, the client certificate must also carry this DNS name (the
// reference verifies the client leaf for that name). Node's TLS server has no hook to check a
// client certificate's names during the handshake, so the check runs when a call starts: a call
// from a certificate without the name ends with UNAUTHENTICATED, naming the SAN it needed. The
// chain itself (CA, expiry, clientAuth usage) was already verified by the handshake.
// Matching is OpenSSL's host-name check on the DNS SANs only (never the subject CN, as Go), with
// a wildcard allowed in the left-most label (`*.example.com`).
import { X509Certificate } from 'node:crypto';
import type { PeerCertificate } from 'node:tls';
import {
  ResponderBuilder,
  ServerInterceptingCall,
  ServerListenerBuilder,
  status as GrpcStatus,
  type ServerInterceptor,
} from '@grpc/grpc-js';

/** Verdicts by certificate fingerprint: parsing a certificate on every call would cost more. */
const MAX_CACHED_VERDICTS = 1000;

export function clientSanInterceptor(expectedSan: string): ServerInterceptor {
  const verdicts = new Map<string, boolean>();
  const details = `client certificate does not carry the DNS SAN "${expectedSan}" required by GRPC_CLIENT_TLS_SAN`;
  const isAllowed = (certificate: PeerCertificate | undefined): boolean => {
    if (certificate === undefined) return false;
    let verdict = verdicts.get(certificate.fingerprint256);
    if (verdict === undefined) {
      verdict = certificateHasDnsName(certificate.raw, expectedSan);
      if (verdicts.size >= MAX_CACHED_VERDICTS) verdicts.clear();
      verdicts.set(certificate.fingerprint256, verdict);
    }
    return verdict;
  };
  return (_method, call) =>
    new ServerInterceptingCall(
      call,
      new ResponderBuilder()
        .withStart((next) =>
          next(
            new ServerListenerBuilder()
              .withOnReceiveMetadata((metadata, nextMetadata) => {
                if (isAllowed(call.getAuthContext().sslPeerCertificate)) nextMetadata(metadata);
                else call.sendStatus({ code: GrpcStatus.UNAUTHENTICATED, details });
              })
              .build(),
          ),
        )
        .build(),
    );
}

/** Whether a DER certificate names `dnsName` in its DNS subject alternative names. */
export function certificateHasDnsName(der: Buffer, dnsName: string): boolean {
  return new X509Certificate(der).checkHost(dnsName, { subject: 'never' }) !== undefined;
}
