// Every setting that holds a secret, each set to its own unique marker, on real stores that need
// them: the Redis password inside KV_URL, a TLS client key (its marker in the PEM file's
// explanatory text, which OpenSSL skips), an ACL user's password inside KV_PERSECOND_URL. The
// rest are parsed and held by the process without being used (sentinel auth of a single Redis,
// xDS headers and key of a file-based service, the memcached and gRPC server keys, the OTLP
// exporter's headers), so a page that dumped memory or settings would show them all the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTestCertificates, scratchDir, startRedis } from '@repo/test-support';

export interface SecretSettings {
  /** Setting name -> the marker its value (or its key file) carries. */
  readonly markers: ReadonlyMap<string, string>;
  readonly env: Readonly<Record<string, string>>;
}

/** The settings whose value, or whose file's content, is a secret (docs/console.md). */
export const SECRET_SETTINGS = [
  'KV_URL',
  'REDIS_AUTH',
  'KV_SENTINEL_AUTH',
  'KV_TLS_CLIENT_KEY',
  'KV_PERSECOND_URL',
  'REDIS_PERSECOND_AUTH',
  'KV_PERSECOND_SENTINEL_AUTH',
  'MEMCACHE_TLS_CLIENT_KEY',
  'GRPC_SERVER_TLS_KEY',
  'CONFIG_GRPC_XDS_CLIENT_TLS_KEY',
  'CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS',
  'OTEL_EXPORTER_OTLP_HEADERS',
] as const;

/** Starts the two Redis servers; the caller stops them with stopAllServers(). */
export async function startSecretStores(): Promise<SecretSettings> {
  const run = randomBytes(6).toString('hex');
  const markers = new Map(SECRET_SETTINGS.map((name) => [name, `SECRET${name.replace(/_/g, '')}${run}`]));
  const mark = (name: (typeof SECRET_SETTINGS)[number]) => markers.get(name)!;
  const certs = await createTestCertificates();
  const main = await startRedis({ tls: certs, requireClientCert: true, password: mark('KV_URL') });
  const perSecond = await startRedis({ user: { name: 'rl', password: mark('KV_PERSECOND_URL') } });
  const dir = scratchDir('secret-keys');
  const keyFile = (name: (typeof SECRET_SETTINGS)[number]) => {
    const path = join(dir, `${name}.pem`);
    writeFileSync(path, `${mark(name)}\n${readFileSync(certs.clientKey, 'utf8')}`);
    return path;
  };
  const env = {
    BACKEND_TYPE: 'redis',
    KV_URL: `redis://:${mark('KV_URL')}@${main.url}`,
    REDIS_AUTH: mark('REDIS_AUTH'),
    KV_SENTINEL_AUTH: mark('KV_SENTINEL_AUTH'),
    KV_TLS: 'true',
    KV_TLS_CACERT: certs.caCert,
    KV_TLS_CLIENT_CERT: certs.clientCert,
    KV_TLS_CLIENT_KEY: keyFile('KV_TLS_CLIENT_KEY'),
    KV_PERSECOND: 'true',
    KV_PERSECOND_URL: `redis://rl:${mark('KV_PERSECOND_URL')}@${perSecond.url}`,
    REDIS_PERSECOND_AUTH: mark('REDIS_PERSECOND_AUTH'),
    KV_PERSECOND_SENTINEL_AUTH: mark('KV_PERSECOND_SENTINEL_AUTH'),
    MEMCACHE_TLS_CLIENT_CERT: certs.clientCert,
    MEMCACHE_TLS_CLIENT_KEY: keyFile('MEMCACHE_TLS_CLIENT_KEY'),
    GRPC_SERVER_TLS_KEY: keyFile('GRPC_SERVER_TLS_KEY'),
    CONFIG_GRPC_XDS_CLIENT_TLS_CERT: certs.clientCert,
    CONFIG_GRPC_XDS_CLIENT_TLS_KEY: keyFile('CONFIG_GRPC_XDS_CLIENT_TLS_KEY'),
    CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: `authorization:Bearer ${mark('CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS')}`,
    OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer ${mark('OTEL_EXPORTER_OTLP_HEADERS')}`,
  };
  return { markers, env };
}
