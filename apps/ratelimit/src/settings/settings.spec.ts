import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { settingsErrorOf } from '../../test/support/settings-error-of';
import {
  formatSettingsError,
  parseSettings,
  parseSettingsOrExit,
  SettingsError,
  type ExitIo,
  type Settings,
} from './settings';

/** Every default of the schema (Envoy's variables and ours), as one object. */
const DEFAULTS: Settings = {
  server: {
    host: '0.0.0.0',
    port: 8080,
    grpcHost: '0.0.0.0',
    grpcPort: 8081,
    grpcUds: '',
    maxConnectionAgeMs: 86_400_000,
    maxConnectionAgeGraceMs: 3_600_000,
    maxRequestBytes: 1_048_576,
    grpcMaxRecvMessageBytes: 4_194_304,
    grpcConnectionTimeoutMs: 10_000,
    httpRequestTimeoutMs: 10_000,
    httpMaxConnections: 256,
  },
  debug: { host: '0.0.0.0', port: 6070, isConsoleEnabled: true, allowedHosts: [] },
  log: { level: 'warning', format: 'text' },
  config: {
    type: 'FILE',
    forceStartWithoutInitialConfig: false,
    mergeDomainConfig: false,
    runtime: {
      runtimeRoot: '/srv/runtime_data/current',
      runtimeSubdirectory: '',
      runtimeAppDirectory: 'config',
      ignoreDotFiles: false,
      watchRoot: true,
      maxFileBytes: 16777216,
    },
    xds: {
      nodeId: 'default',
      nodeMetadata: {},
      serverUrl: 'localhost:18000',
      additionalHeaders: {},
      tls: undefined,
      backoff: { initialMs: 10_000, maxMs: 60_000, randomFactor: 0.5, jitter: true },
      maxReceiveMessageBytes: 0,
      keepaliveTimeMs: 300_000,
      keepaliveTimeoutMs: 20_000,
    },
  },
  backend: {
    type: 'memory',
    selection: {
      rule: 'no-url',
      message:
        'backend memory: BACKEND_TYPE is unset and neither KV_URL nor REDIS_URL is set (in-process counters, one instance only)',
    },
    redis: {
      main: {
        type: 'single',
        socketType: 'unix',
        url: '/var/run/nutcracker/ratelimit.sock',
        auth: undefined,
        sentinelAuth: undefined,
        tls: undefined,
        pipelineWindowMs: 0,
        pipelineLimit: 0,
        timeoutMs: 300,
        incrementScript: 'auto',
      },
      healthCheckActiveConnection: false,
      startup: { initialIntervalMs: 1000, maxIntervalMs: 30_000, maxElapsedMs: 0 },
      perSecond: undefined,
    },
    memcache: {
      hostPorts: [],
      srv: undefined,
      srvRefreshMs: 0,
      maxIdleConnections: 2,
      tls: undefined,
      timeoutMs: 300,
    },
    memory: { maxKeys: 1_000_000, maxBytes: 67_108_864 },
  },
  limits: {
    cacheKeyPrefix: '',
    expirationJitterMaxSeconds: 300,
    localCacheSizeBytes: 0,
    nearLimitRatio: 0.8,
    stopCacheKeyIncrementWhenOverlimit: false,
    shadowMode: false,
    quotaMode: false,
    cachedCounting: { flushIntervalMs: 250, maxKeys: 10_000 },
  },
  response: {
    headersEnabled: false,
    limitHeader: 'RateLimit-Limit',
    remainingHeader: 'RateLimit-Remaining',
    resetHeader: 'RateLimit-Reset',
    dynamicMetadata: false,
  },
  stats: {
    sink: 'pushstats',
    statsd: { host: 'localhost', port: 8125 },
    tagged: { mogrifiers: [] },
    pull: { addr: ':9090', path: '/metrics', mapperYaml: '', responseTimeAsMilliseconds: false },
    flushIntervalMs: 10_000,
    extraTags: {},
    maxKeys: 10_000,
  },
  tracing: {
    enabled: false,
    serviceName: 'RateLimit',
    serviceNamespace: '',
    serviceInstanceId: '',
    exporterProtocol: 'http',
    samplingRate: 1,
  },
  tls: { enabled: false, certFile: '', keyFile: '', clientCaCertFile: '', clientSan: '' },
  health: { healthyWithAtLeastOneConfigLoaded: false },
  shutdown: { drainSeconds: 15 },
  workers: 1,
};

describe(parseSettings.name, () => {
  it('gives every default for an empty environment', () => {
    assert.deepEqual(parseSettings({}), DEFAULTS);
  });

  it('treats empty text as unset (Helm renders unset values as "")', () => {
    assert.deepEqual(parseSettings({ PORT: '', USE_PUSHSTATS: '', KV_URL: '' }), DEFAULTS);
  });

  it('returns a deeply frozen object', () => {
    const sut = parseSettings({ EXTRA_TAGS: 'a:b', KV_TLS: 'true' });
    assert.ok(Object.isFrozen(sut));
    assert.ok(Object.isFrozen(sut.backend.redis.main.tls));
    assert.ok(Object.isFrozen(sut.stats.extraTags));
    assert.throws(() => {
      (sut.server as { port: number }).port = 1;
    }, TypeError);
  });

  it('ignores unknown variables', () => {
    assert.deepEqual(parseSettings({ PATH: '/bin', SOMETHING_ELSE: 'x' }), DEFAULTS);
  });
});

describe(SettingsError.name, () => {
  it('lists every bad variable in one error, one line each, in schema order', () => {
    const sut = settingsErrorOf({
      PORT: 'http',
      GRPC_PORT: '70000',
      LOG_LEVEL: 'loud',
      USE_PUSHSTATS: 'yes',
      KV_TIMEOUT: '10',
      NEAR_LIMIT_RATIO: '1.5',
    });
    assert.equal(sut.name, 'SettingsError');
    assert.deepEqual(sut.issues, [
      'PORT=http: invalid integer',
      'GRPC_PORT=70000: must be between 0 and 65535',
      'LOG_LEVEL=loud: must be one of trace, debug, info, warn, warning, error, fatal, panic',
      'KV_TIMEOUT=10: invalid duration (Go syntax with a unit, e.g. 150us, 300ms, 10s, 1h30m, or 0)',
      'NEAR_LIMIT_RATIO=1.5: must be between 0 and 1',
      'USE_PUSHSTATS=yes: invalid boolean (accepted: 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False)',
    ]);
    assert.equal(sut.message, ['invalid settings:', ...sut.issues].join('\n'));
  });

  it('reports value errors and cross-field errors together', () => {
    const sut = settingsErrorOf({ PORT: '-1', BACKEND_TYPE: 'memcache', GRPC_SERVER_USE_TLS: 'true' });
    assert.deepEqual(sut.issues, [
      'PORT=-1: must be between 0 and 65535',
      'BACKEND_TYPE=memcache: the memcache backend needs ALTCACHE_HOST_PORT or ALTCACHE_SRV (exactly one)',
      'GRPC_SERVER_USE_TLS=true: TLS needs GRPC_SERVER_TLS_CERT and GRPC_SERVER_TLS_KEY (file paths)',
    ]);
  });
});

describe(formatSettingsError.name, () => {
  it('prints a SettingsError as its message', () => {
    assert.equal(
      formatSettingsError(settingsErrorOf({ PORT: 'x' })),
      'invalid settings:\nPORT=x: invalid integer',
    );
  });

  it('prints anything else as one invalid-settings line', () => {
    assert.equal(formatSettingsError(new Error('boom')), 'invalid settings: boom');
    assert.equal(formatSettingsError('odd'), 'invalid settings: odd');
  });
});

class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function fakeIo() {
  const written: string[] = [];
  const io: ExitIo = {
    writeError: (text) => written.push(text),
    exit: (code) => {
      throw new ExitCalled(code);
    },
  };
  return { io, written };
}

describe(parseSettingsOrExit.name, () => {
  it('returns the settings when the environment is valid', () => {
    const { io, written } = fakeIo();
    assert.equal(parseSettingsOrExit({ PORT: '9000' }, io).server.port, 9000);
    assert.deepEqual(written, []);
  });

  it('prints every problem to stderr and exits 1', () => {
    const { io, written } = fakeIo();
    assert.throws(() => parseSettingsOrExit({ PORT: 'x', LOG_FORMAT: 'xml' }, io), new ExitCalled(1));
    assert.deepEqual(written, [
      'invalid settings:\nPORT=x: invalid integer\nLOG_FORMAT=xml: must be one of text, json\n',
    ]);
  });
});
