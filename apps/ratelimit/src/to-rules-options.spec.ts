import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from '@repo/rules';
import { parseSettings } from './settings/settings';
import { toRulesOptions } from './to-rules-options';

const logger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
const random = () => 0.5;
/** What every store refuses: `counting: cached` with an algorithm but fixed_window. */
const CACHED_ALGORITHMS: [string, string][] = [
  ['sliding_window/cached', 'counting: cached is only valid with algorithm fixed_window'],
  ['token_bucket/cached', 'counting: cached is only valid with algorithm fixed_window'],
];
const optionsFor = (env: Record<string, string>) => toRulesOptions(parseSettings(env), logger, random);

describe(toRulesOptions.name, () => {
  describe('CONFIG_TYPE=FILE', () => {
    it('defaults: RUNTIME_* of the reference, wait for the first load, no merging', () => {
      assert.deepEqual(optionsFor({}), {
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
      const options = optionsFor({
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
      assert.deepEqual(optionsFor({ CONFIG_TYPE: 'GRPC_XDS_SOTW' }), {
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
      const { source, waitForInitialRules } = optionsFor({
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
      const full = optionsFor({
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
      const bare = optionsFor({
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
      const { source } = optionsFor({
        CONFIG_TYPE: 'GRPC_XDS_SOTW',
        CONFIG_GRPC_XDS_SERVER_TLS_CACERT: '/tls/ca.pem',
      });
      assert.equal(source.type === 'xds' && source.tls, undefined);
    });
  });

  describe('algorithms the store cannot run', () => {
    it('memcached refuses token_bucket and `counting: cached` rules with the documented messages', () => {
      const memcache = optionsFor({ BACKEND_TYPE: 'memcache', MEMCACHE_HOST_PORT: 'm:11211' });
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
        assert.deepEqual([...(optionsFor(env).unsupportedAlgorithms ?? [])], CACHED_ALGORITHMS);
    });
  });
});
