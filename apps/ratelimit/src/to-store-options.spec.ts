import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from './settings/settings';
import { toStoreOptions } from './to-store-options';

const now = () => 1000;
const random = () => 0.25;
const optionsFor = (env: Record<string, string>) => toStoreOptions(parseSettings(env), { now, random });

describe(toStoreOptions.name, () => {
  it('memory (BACKEND_TYPE unset, no URL): MEMORY_MAX_KEYS, MEMORY_MAX_BYTES, jitter, clock, purge timer', () => {
    assert.deepEqual(optionsFor({}), {
      backend: 'memory',
      now,
      random,
      jitterMaxSeconds: 300,
      maxKeys: 1000000,
      maxBytes: 67108864,
      purgeIntervalMs: 10000,
    });
    const custom = optionsFor({
      BACKEND_TYPE: 'memory',
      MEMORY_MAX_KEYS: '50',
      MEMORY_MAX_BYTES: '1048576',
      EXPIRATION_JITTER_MAX_SECONDS: '0',
    });
    assert.deepEqual(
      custom.backend === 'memory' && [custom.maxKeys, custom.maxBytes, custom.jitterMaxSeconds],
      [50, 1_048_576, 0],
    );
  });

  it('redis single: URL, inferred socket type, auth, timeouts, pipelining, startup retry; no per-second store', () => {
    const options = optionsFor({
      KV_URL: 'redis.local:6379',
      KV_AUTH: 'user:secret',
      KV_TIMEOUT: '250ms',
      KV_PIPELINE_WINDOW: '150us',
      KV_PIPELINE_LIMIT: '8',
      KV_HEALTH_CHECK_ACTIVE_CONNECTION: 'true',
      KV_STARTUP_INITIAL_INTERVAL: '2s',
      KV_STARTUP_MAX_INTERVAL: '10s',
      KV_STARTUP_MAX_ELAPSED_TIME: '1m',
    });
    assert.equal(options.backend, 'redis');
    if (options.backend !== 'redis') return;
    assert.deepEqual(options.main, {
      type: 'single',
      url: 'redis.local:6379',
      socketType: 'tcp',
      auth: 'user:secret',
      sentinelAuth: undefined,
      tls: undefined,
      timeoutMs: 250,
      pipelineWindowMs: 0.15,
      pipelineLimit: 8,
      incrementScript: 'auto',
    });
    assert.equal(options.perSecond, undefined);
    assert.equal(options.healthCheckActiveConnection, true);
    assert.deepEqual(options.startup, { initialIntervalMs: 2000, maxIntervalMs: 10000, maxElapsedMs: 60000 });
    assert.deepEqual([options.jitterMaxSeconds, options.now, options.random], [300, now, random]);
  });

  it('redis sentinel with TLS (client pair, CA, skip hostname verification) and sentinel auth', () => {
    const options = optionsFor({
      BACKEND_TYPE: 'redis',
      REDIS_TYPE: 'sentinel',
      REDIS_URL: 'mymaster,10.0.0.1:26379,10.0.0.2:26379',
      REDIS_SENTINEL_AUTH: 'sentinel-pass',
      REDIS_TLS: 'true',
      REDIS_TLS_CLIENT_CERT: '/tls/c.pem',
      REDIS_TLS_CLIENT_KEY: '/tls/c.key',
      REDIS_TLS_CACERT: '/tls/ca.pem',
      REDIS_TLS_SKIP_HOSTNAME_VERIFICATION: 'true',
    });
    if (options.backend !== 'redis') return assert.fail('expected redis');
    assert.deepEqual(
      [options.main.type, options.main.url, options.main.sentinelAuth, options.main.auth],
      ['sentinel', 'mymaster,10.0.0.1:26379,10.0.0.2:26379', 'sentinel-pass', undefined],
    );
    assert.deepEqual(options.main.tls, {
      clientCertPath: '/tls/c.pem',
      clientKeyPath: '/tls/c.key',
      caCertPath: '/tls/ca.pem',
      skipHostnameVerification: true,
    });
  });

  it('per-second redis (KV_PERSECOND=true): its own URL, type, auth, timeout; TLS files shared', () => {
    const options = optionsFor({
      KV_URL: 'main:6379',
      KV_TLS_CACERT: '/tls/ca.pem',
      KV_PERSECOND: 'true',
      KV_PERSECOND_URL: 'a:7000,b:7001',
      KV_PERSECOND_TYPE: 'cluster',
      KV_PERSECOND_AUTH: 'ps',
      KV_PERSECOND_TLS: 'true',
      KV_PERSECOND_TIMEOUT: '1s',
    });
    if (options.backend !== 'redis') return assert.fail('expected redis');
    assert.equal(options.main.tls, undefined);
    assert.deepEqual(options.perSecond, {
      type: 'cluster',
      url: 'a:7000,b:7001',
      socketType: 'tcp',
      auth: 'ps',
      sentinelAuth: undefined,
      tls: {
        clientCertPath: undefined,
        clientKeyPath: undefined,
        caCertPath: '/tls/ca.pem',
        skipHostnameVerification: false,
      },
      timeoutMs: 1000,
      pipelineWindowMs: 0,
      pipelineLimit: 0,
      incrementScript: 'auto',
    });
  });

  it('a unix socket URL gives socket type unix', () => {
    const options = optionsFor({ KV_URL: '/var/run/redis.sock' });
    assert.equal(options.backend === 'redis' && options.main.socketType, 'unix');
  });

  it('memcache with host list: hosts, no SRV, idle connections, KV_TIMEOUT as command bound', () => {
    const options = optionsFor({
      BACKEND_TYPE: 'memcache',
      ALTCACHE_HOST_PORT: 'm1:11211,m2:11211',
      ALTCACHE_MAX_IDLE_CONNS: '4',
    });
    assert.deepEqual(options, {
      backend: 'memcache',
      now,
      random,
      jitterMaxSeconds: 300,
      hostPorts: ['m1:11211', 'm2:11211'],
      srv: undefined,
      srvRefreshMs: 0,
      maxIdleConnections: 4,
      tls: undefined,
      timeoutMs: 300,
    });
  });

  it('memcache with SRV (MEMCACHE_* aliases), refresh and TLS', () => {
    const options = optionsFor({
      BACKEND_TYPE: 'memcached',
      MEMCACHE_SRV: '_memcache._tcp.example.com',
      MEMCACHE_SRV_REFRESH: '30s',
      MEMCACHE_TLS: 'true',
      MEMCACHE_TLS_CACERT: '/tls/ca.pem',
    });
    if (options.backend !== 'memcache') return assert.fail('expected memcache');
    assert.deepEqual(
      [options.hostPorts, options.srv, options.srvRefreshMs],
      [undefined, '_memcache._tcp.example.com', 30000],
    );
    assert.deepEqual(options.tls, {
      clientCertPath: undefined,
      clientKeyPath: undefined,
      caCertPath: '/tls/ca.pem',
      skipHostnameVerification: false,
    });
  });

  it('passes the storage event listener through', () => {
    const onEvent = () => undefined;
    assert.equal(toStoreOptions(parseSettings({}), { now, random, onEvent }).onEvent, onEvent);
  });
});
