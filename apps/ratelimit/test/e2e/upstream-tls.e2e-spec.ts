// TLS and auth from the service to what it depends on: the KV_*,
// ALTCACHE_* and CONFIG_GRPC_XDS_* settings reach the Redis, memcached and xDS clients. Each
// case is the worked example of docs/tls.md, run against a real server that
// accepts only TLS (Redis and xDS also require the client certificate).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createTestCertificates,
  startMemcached,
  startRedis,
  stopAllServers,
  waitFor,
  type TestCertificates,
} from '@repo/test-support';
// The lib's own ADS test server, as in xds-rules.e2e-spec.ts.
import { startAdsServer, type AdsTestServer } from '../../../../libs/rules/test/support/ads-server';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES =
  'domain: up\ndescriptors:\n  - key: user\n    rate_limit: { unit: minute, requests_per_unit: 1 }\n';
const START_MS = Date.UTC(2026, 10, 24, 0, 0, 2);
/** The cache key of user=erin in domain `up` (prefix + domain + entries + minute window start). */
const KEY = `up_user_erin_${Math.floor(START_MS / 60_000) * 60}`;

describe('TLS to the counter stores and the xDS server', { timeout: 60_000 }, () => {
  let certs: TestCertificates;
  const rules = createRulesDir({ 'up.yaml': RULES });
  const apps: TestApp[] = [];
  let ads: AdsTestServer | undefined;
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp(env, { clock: new FakeClock(START_MS) });
    apps.push(app);
    return app;
  };
  /**
   * Two hits on a 1-per-minute limit: OK, then OVER_LIMIT, so the store really counted. `counted`
   * waits until the store holds the first hit (memcached increments after answering, as Envoy).
   */
  const countsTwice = async (app: TestApp, domain: string, counted: () => Promise<boolean>) => {
    const request = rlsRequest(domain, [['user', 'erin']]);
    const first = (await app.grpc.shouldRateLimit(request)).overallCode;
    await waitFor(counted, { timeoutMs: 10_000, description: 'the first hit to be stored' });
    return [first, (await app.grpc.shouldRateLimit(request)).overallCode];
  };

  before(async () => {
    certs = await createTestCertificates();
  });
  after(async () => {
    for (const app of apps) await app.stop();
    await ads?.stop();
    await stopAllServers();
  });

  it('Redis over TLS with a client certificate and a password (KV_TLS*, KV_AUTH)', async () => {
    const redis = await startRedis({ tls: certs, requireClientCert: true, password: 's3cret' });
    const app = await start({
      ...rules.env,
      BACKEND_TYPE: 'redis',
      KV_URL: redis.url,
      KV_AUTH: 's3cret',
      KV_TLS: 'true',
      KV_TLS_CACERT: certs.caCert,
      KV_TLS_CLIENT_CERT: certs.clientCert,
      KV_TLS_CLIENT_KEY: certs.clientKey,
    });
    const counted = async () => (await redis.command('GET', KEY)) === '1';
    assert.deepEqual(await countsTwice(app, 'up', counted), ['OK', 'OVER_LIMIT']);
    assert.equal(await redis.command('GET', KEY), '2');
  });

  it('memcached over TLS (ALTCACHE_TLS*)', async () => {
    const memcached = await startMemcached({ tls: certs });
    const app = await start({
      ...rules.env,
      BACKEND_TYPE: 'memcache',
      ALTCACHE_HOST_PORT: `127.0.0.1:${memcached.port}`,
      ALTCACHE_TLS: 'true',
      ALTCACHE_TLS_CACERT: certs.caCert,
    });
    const counted = async () => (await memcached.command(`get ${KEY}`)).startsWith('VALUE');
    assert.deepEqual(await countsTwice(app, 'up', counted), ['OK', 'OVER_LIMIT']);
  });

  it('rules from an xDS server over mutual TLS, checked for a SAN (CONFIG_GRPC_XDS_*)', async () => {
    ads = await startAdsServer({
      tls: {
        certPath: certs.serverCert,
        keyPath: certs.serverKey,
        caPath: certs.caCert,
        requireClientCert: true,
      },
    });
    ads.setResources('v1', [
      {
        name: 'up-rules',
        domain: 'xds-up',
        descriptors: [{ key: 'user', rateLimit: { unit: 'MINUTE', requestsPerUnit: 1 } }],
      },
    ]);
    const app = await start({
      CONFIG_TYPE: 'GRPC_XDS_SOTW',
      CONFIG_GRPC_XDS_SERVER_URL: ads.url,
      CONFIG_GRPC_XDS_SERVER_USE_TLS: 'true',
      CONFIG_GRPC_XDS_SERVER_TLS_CACERT: certs.caCert,
      CONFIG_GRPC_XDS_SERVER_TLS_SAN: 'localhost',
      CONFIG_GRPC_XDS_CLIENT_TLS_CERT: certs.clientCert,
      CONFIG_GRPC_XDS_CLIENT_TLS_KEY: certs.clientKey,
    });
    assert.deepEqual(await countsTwice(app, 'xds-up', async () => true), ['OK', 'OVER_LIMIT']);
  });
});
