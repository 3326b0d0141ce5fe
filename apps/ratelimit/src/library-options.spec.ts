import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from '@repo/rules';
import { toRulesOptions, toStoreOptions } from './library-options';
import { parseSettings } from './settings/settings';

const now = () => 1000;
const random = () => 0.25;
const storeOptionsFor = (env: Record<string, string>) => toStoreOptions(parseSettings(env), { now, random });

describe(toStoreOptions.name, () => {
  it('memory (BACKEND_TYPE unset, no URL): MEMORY_MAX_KEYS, MEMORY_MAX_BYTES, jitter, clock, purge timer', () => {
    assert.deepEqual(storeOptionsFor({}), {
      backend: 'memory',
      now,
      random,
      jitterMaxSeconds: 300,
      maxKeys: 1000000,
      maxBytes: 67108864,
      purgeIntervalMs: 10000,
    });
    const custom = storeOptionsFor({
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
    const options = storeOptionsFor({
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
    const options = storeOptionsFor({
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
    const options = storeOptionsFor({
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
    const options = storeOptionsFor({ KV_URL: '/var/run/redis.sock' });
    assert.equal(options.backend === 'redis' && options.main.socketType, 'unix');
  });

  it('memcache with host list: hosts, no SRV, idle connections, KV_TIMEOUT as command bound', () => {
    const options = storeOptionsFor({
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

  it('memcache with SRV (MEMCACHE_* aliases), refresh and TLS; no host list', () => {
    const options = storeOptionsFor({
      BACKEND_TYPE: 'memcached',
      MEMCACHE_SRV: '_memcache._tcp.example.com',
      MEMCACHE_SRV_REFRESH: '30s',
      MEMCACHE_TLS: 'true',
      MEMCACHE_TLS_CACERT: '/tls/ca.pem',
    });
    if (options.backend !== 'memcache') return assert.fail('expected memcache');
    assert.deepEqual(
      [options.hostPorts, options.srv, options.srvRefreshMs],
      [[], '_memcache._tcp.example.com', 30000],
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

const logger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
/** What every store refuses: `counting: cached` with an algorithm but fixed_window. */
const CACHED_ALGORITHMS: [string, string][] = [
  ['sliding_window/cached', 'counting: cached is only valid with algorithm fixed_window'],
  ['token_bucket/cached', 'counting: cached is only valid with algorithm fixed_window'],
];
const rulesOptionsFor = (env: Record<string, string>) => toRulesOptions(parseSettings(env), logger, random);

describe(toRulesOptions.name, () => {
  describe('CONFIG_TYPE=FILE', () => {
    it('defaults: RUNTIME_* of the reference, wait for the first load, no merging', () => {
      assert.deepEqual(rulesOptionsFor({}), {
        unsupportedAlgorithms: new Map(CACHED_ALGORITHMS),
        waitForInitialRules: true,
        source: {
          type: 'file',
          mergeDomainConfigs: false,
          runtimeRoot: '/srv/runtime_data/current',
          runtimeSubdirectory: '',
          runtimeAppDirectory: 'config',
          ignoreDotFiles: false,
          watchRoot: true,
          maxFileBytes: 16777216,
        },
      });
    });

    it('every RUNTIME_* variable, MERGE_DOMAIN_CONFIG and FORCE_START_WITHOUT_INITIAL_CONFIG', () => {
      const options = rulesOptionsFor({
        CONFIG_TYPE: 'FILE',
        RUNTIME_ROOT: '/data/rl',
        RUNTIME_SUBDIRECTORY: 'ratelimit',
        RUNTIME_APPDIRECTORY: 'rules',
        RUNTIME_IGNOREDOTFILES: 'true',
        RUNTIME_WATCH_ROOT: 'false',
        RULES_MAX_FILE_BYTES: '1000',
        MERGE_DOMAIN_CONFIG: 'true',
        FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
      });
      assert.deepEqual(options, {
        unsupportedAlgorithms: new Map(CACHED_ALGORITHMS),
        waitForInitialRules: false,
        source: {
          type: 'file',
          mergeDomainConfigs: true,
          runtimeRoot: '/data/rl',
          runtimeSubdirectory: 'ratelimit',
          runtimeAppDirectory: 'rules',
          ignoreDotFiles: true,
          watchRoot: false,
          maxFileBytes: 1000,
        },
      });
    });
  });

  describe('CONFIG_TYPE=GRPC_XDS_SOTW', () => {
    it('defaults of the CONFIG_GRPC_XDS_* and XDS_CLIENT_* variables, with the random and logger given', () => {
      assert.deepEqual(rulesOptionsFor({ CONFIG_TYPE: 'GRPC_XDS_SOTW' }), {
        unsupportedAlgorithms: new Map(CACHED_ALGORITHMS),
        waitForInitialRules: true,
        source: {
          type: 'xds',
          mergeDomainConfigs: false,
          serverUrl: 'localhost:18000',
          additionalHeaders: {},
          tls: undefined,
          maxReceiveMessageBytes: 0,
          keepaliveTimeMs: 300_000,
          keepaliveTimeoutMs: 20_000,
          nodeId: 'default',
          nodeMetadata: {},
          backoff: { initialMs: 10000, maxMs: 60000, randomFactor: 0.5, jitter: true },
          random,
          logger,
        },
      });
    });

    it('custom node, metadata (k=v), headers (k:v), backoff, message size and merging', () => {
      const { source, waitForInitialRules } = rulesOptionsFor({
        CONFIG_TYPE: 'GRPC_XDS_SOTW',
        CONFIG_GRPC_XDS_NODE_ID: 'node-1',
        CONFIG_GRPC_XDS_NODE_METADATA: 'zone=a,team=b',
        CONFIG_GRPC_XDS_SERVER_URL: 'xds:18001',
        CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: 'x-token:abc,x-env:prod',
        XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: '1s',
        XDS_CLIENT_BACKOFF_MAX_INTERVAL: '2m',
        XDS_CLIENT_BACKOFF_RANDOM_FACTOR: '2',
        XDS_CLIENT_BACKOFF_JITTER: 'false',
        XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES: '1048576',
        CONFIG_GRPC_XDS_KEEPALIVE_TIME: '45s',
        CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT: '2s',
        MERGE_DOMAIN_CONFIG: 'true',
        FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
      });
      assert.equal(waitForInitialRules, false);
      assert.equal(source.type, 'xds');
      if (source.type !== 'xds') return;
      assert.deepEqual(
        [
          source.nodeId,
          source.nodeMetadata,
          source.serverUrl,
          source.additionalHeaders,
          source.mergeDomainConfigs,
        ],
        ['node-1', { zone: 'a', team: 'b' }, 'xds:18001', { 'x-token': 'abc', 'x-env': 'prod' }, true],
      );
      assert.deepEqual(source.backoff, { initialMs: 1000, maxMs: 120000, randomFactor: 2, jitter: false });
      assert.equal(source.maxReceiveMessageBytes, 1048576);
      assert.deepEqual([source.keepaliveTimeMs, source.keepaliveTimeoutMs], [45_000, 2_000]);
    });

    it('TLS to the xDS server: CA, client pair and SAN as server name; unset files stay undefined', () => {
      const full = rulesOptionsFor({
        CONFIG_TYPE: 'GRPC_XDS_SOTW',
        CONFIG_GRPC_XDS_SERVER_USE_TLS: 'true',
        CONFIG_GRPC_XDS_SERVER_TLS_CACERT: '/tls/ca.pem',
        CONFIG_GRPC_XDS_CLIENT_TLS_CERT: '/tls/client.pem',
        CONFIG_GRPC_XDS_CLIENT_TLS_KEY: '/tls/client.key',
        CONFIG_GRPC_XDS_SERVER_TLS_SAN: 'xds.example.com',
      }).source;
      assert.deepEqual(full.type === 'xds' && full.tls, {
        caCertPath: '/tls/ca.pem',
        clientCertPath: '/tls/client.pem',
        clientKeyPath: '/tls/client.key',
        serverNameOverride: 'xds.example.com',
      });
      const bare = rulesOptionsFor({
        CONFIG_TYPE: 'GRPC_XDS_SOTW',
        CONFIG_GRPC_XDS_SERVER_USE_TLS: 'true',
      }).source;
      assert.deepEqual(bare.type === 'xds' && bare.tls, {
        caCertPath: undefined,
        clientCertPath: undefined,
        clientKeyPath: undefined,
        serverNameOverride: undefined,
      });
    });

    it('TLS files without CONFIG_GRPC_XDS_SERVER_USE_TLS=true are not used', () => {
      const { source } = rulesOptionsFor({
        CONFIG_TYPE: 'GRPC_XDS_SOTW',
        CONFIG_GRPC_XDS_SERVER_TLS_CACERT: '/tls/ca.pem',
      });
      assert.equal(source.type === 'xds' && source.tls, undefined);
    });
  });

  describe('algorithms the store cannot run', () => {
    it('memcached refuses token_bucket and `counting: cached` rules with the documented messages', () => {
      const memcache = rulesOptionsFor({ BACKEND_TYPE: 'memcache', MEMCACHE_HOST_PORT: 'm:11211' });
      assert.deepEqual(
        [...(memcache.unsupportedAlgorithms ?? [])],
        [
          ['fixed_window/cached', 'counting: cached needs the redis or memory backend'],
          ...CACHED_ALGORITHMS.slice(0, 1),
          ['token_bucket', 'token_bucket needs the redis or memory backend'],
          ...CACHED_ALGORITHMS.slice(1),
        ],
      );
    });

    it('redis and memory refuse only `counting: cached` with an algorithm but fixed_window', () => {
      const envs: Record<string, string>[] = [
        { BACKEND_TYPE: 'redis', REDIS_URL: 'r:6379' },
        { BACKEND_TYPE: 'memory' },
      ];
      for (const env of envs)
        assert.deepEqual([...(rulesOptionsFor(env).unsupportedAlgorithms ?? [])], CACHED_ALGORITHMS);
    });
  });
});
