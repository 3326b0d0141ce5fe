import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf } from '../../test/support/settings-error-of';
import { parseSettings } from './settings';

describe('server (HOST, PORT, GRPC_*, MAX_REQUEST_BYTES, HTTP_*)', () => {
  it('reads every variable; durations become milliseconds', () => {
    const sut = parseSettings({
      HOST: '127.0.0.1',
      PORT: '0',
      GRPC_HOST: '::',
      GRPC_PORT: '65535',
      GRPC_UDS: '/run/rl.sock',
      GRPC_MAX_CONNECTION_AGE: '1h30m',
      GRPC_MAX_CONNECTION_AGE_GRACE: '150us',
      MAX_REQUEST_BYTES: '1024',
      GRPC_MAX_RECV_MESSAGE_BYTES: '2048',
      GRPC_CONNECTION_TIMEOUT: '1m',
      HTTP_REQUEST_TIMEOUT: '2.5s',
      HTTP_MAX_CONNECTIONS: '1000',
    }).server;
    assert.deepEqual(sut, {
      host: '127.0.0.1',
      port: 0,
      grpcHost: '::',
      grpcPort: 65535,
      grpcUds: '/run/rl.sock',
      maxConnectionAgeMs: 5_400_000,
      maxConnectionAgeGraceMs: 0.15,
      maxRequestBytes: 1024,
      grpcMaxRecvMessageBytes: 2048,
      grpcConnectionTimeoutMs: 60_000,
      httpRequestTimeoutMs: 2500,
      httpMaxConnections: 1000,
    });
  });

  it('HTTP_MAX_CONNECTIONS: 256 by default, 0 = no limit, a whole number >= 0', () => {
    assert.equal(parseSettings({}).server.httpMaxConnections, 256);
    assert.equal(parseSettings({ HTTP_MAX_CONNECTIONS: '0' }).server.httpMaxConnections, 0);
    assert.equal(parseSettings({ HTTP_MAX_CONNECTIONS: ' 64 ' }).server.httpMaxConnections, 64);
    assert.deepEqual(issuesOf({ HTTP_MAX_CONNECTIONS: '-1' }), ['HTTP_MAX_CONNECTIONS=-1: must be >= 0']);
    assert.deepEqual(issuesOf({ HTTP_MAX_CONNECTIONS: '1.5' }), [
      'HTTP_MAX_CONNECTIONS=1.5: invalid integer',
    ]);
    assert.deepEqual(issuesOf({ HTTP_MAX_CONNECTIONS: 'many' }), [
      'HTTP_MAX_CONNECTIONS=many: invalid integer',
    ]);
  });

  it('rejects ports outside 0..65535 and empty size limits', () => {
    assert.deepEqual(issuesOf({ PORT: '65536', DEBUG_PORT: '-5', MAX_REQUEST_BYTES: '0' }), [
      'PORT=65536: must be between 0 and 65535',
      'MAX_REQUEST_BYTES=0: must be >= 1',
      'DEBUG_PORT=-5: must be between 0 and 65535',
    ]);
  });
});

describe('gRPC server TLS (GRPC_SERVER_*, GRPC_CLIENT_*)', () => {
  it('reads every variable', () => {
    const sut = parseSettings({
      GRPC_SERVER_USE_TLS: 'true',
      GRPC_SERVER_TLS_CERT: '/tls/cert.pem',
      GRPC_SERVER_TLS_KEY: '/tls/key.pem',
      GRPC_CLIENT_TLS_CACERT: '/tls/ca.pem',
      GRPC_CLIENT_TLS_SAN: 'envoy.local',
    }).tls;
    assert.deepEqual(sut, {
      enabled: true,
      certFile: '/tls/cert.pem',
      keyFile: '/tls/key.pem',
      clientCaCertFile: '/tls/ca.pem',
      clientSan: 'envoy.local',
    });
  });

  it('needs the key with the certificate, and TLS for mutual TLS', () => {
    assert.deepEqual(issuesOf({ GRPC_SERVER_USE_TLS: 'T', GRPC_SERVER_TLS_CERT: 'c.pem' }), [
      'GRPC_SERVER_USE_TLS=T: TLS needs GRPC_SERVER_TLS_KEY (file paths)',
    ]);
    assert.deepEqual(issuesOf({ GRPC_CLIENT_TLS_CACERT: 'ca.pem' }), [
      'GRPC_CLIENT_TLS_CACERT=ca.pem, GRPC_SERVER_USE_TLS=false: mutual TLS needs GRPC_SERVER_USE_TLS=true',
    ]);
    assert.deepEqual(
      issuesOf({
        GRPC_SERVER_USE_TLS: 'true',
        GRPC_SERVER_TLS_CERT: 'c',
        GRPC_SERVER_TLS_KEY: 'k',
        GRPC_CLIENT_TLS_SAN: 'envoy',
      }),
      [
        'GRPC_CLIENT_TLS_SAN=envoy: the client certificate SAN is checked only with mutual TLS: set GRPC_CLIENT_TLS_CACERT too',
      ],
    );
  });
});

describe('log (LOG_LEVEL, LOG_FORMAT)', () => {
  it('accepts logrus level names in any case; warn means warning', () => {
    const levels: [string, string][] = [
      ['TRACE', 'trace'],
      ['debug', 'debug'],
      ['Info', 'info'],
      ['warn', 'warning'],
      ['WARNING', 'warning'],
      ['error', 'error'],
      ['fatal', 'fatal'],
      ['PANIC', 'panic'],
    ];
    for (const [text, level] of levels) assert.equal(parseSettings({ LOG_LEVEL: text }).log.level, level);
  });

  it('accepts text and json only', () => {
    assert.equal(parseSettings({ LOG_FORMAT: 'JSON' }).log.format, 'json');
    assert.deepEqual(issuesOf({ LOG_FORMAT: 'xml' }), ['LOG_FORMAT=xml: must be one of text, json']);
  });
});

describe('config source (CONFIG_TYPE, RUNTIME_*, CONFIG_GRPC_XDS_*, XDS_CLIENT_*)', () => {
  it('reads the file source variables', () => {
    const sut = parseSettings({
      CONFIG_TYPE: 'FILE',
      FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
      MERGE_DOMAIN_CONFIG: 'true',
      RUNTIME_ROOT: '/data',
      RUNTIME_SUBDIRECTORY: 'ratelimit',
      RUNTIME_APPDIRECTORY: 'rules',
      RUNTIME_IGNOREDOTFILES: 'true',
      RUNTIME_WATCH_ROOT: 'false',
      RULES_MAX_FILE_BYTES: '1048576',
    }).config;
    assert.deepEqual(
      [sut.type, sut.forceStartWithoutInitialConfig, sut.mergeDomainConfig],
      ['FILE', true, true],
    );
    assert.deepEqual(sut.runtime, {
      runtimeRoot: '/data',
      runtimeSubdirectory: 'ratelimit',
      runtimeAppDirectory: 'rules',
      ignoreDotFiles: true,
      watchRoot: false,
      maxFileBytes: 1048576,
    });
  });

  it('reads the xDS variables, k=v node metadata and k:v headers', () => {
    const sut = parseSettings({
      CONFIG_TYPE: 'GRPC_XDS_SOTW',
      CONFIG_GRPC_XDS_NODE_ID: 'rl-1',
      CONFIG_GRPC_XDS_NODE_METADATA: 'zone=a,rack=r1',
      CONFIG_GRPC_XDS_SERVER_URL: 'xds:18000',
      CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL: '500ms',
      CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: 'authorization:Bearer x,x-tenant:t1',
      CONFIG_GRPC_XDS_SERVER_USE_TLS: 'true',
      CONFIG_GRPC_XDS_CLIENT_TLS_CERT: 'c',
      CONFIG_GRPC_XDS_CLIENT_TLS_KEY: 'k',
      CONFIG_GRPC_XDS_SERVER_TLS_CACERT: 'ca',
      CONFIG_GRPC_XDS_SERVER_TLS_SAN: 'xds.local',
      XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: '1s',
      XDS_CLIENT_BACKOFF_MAX_INTERVAL: '2m',
      XDS_CLIENT_BACKOFF_RANDOM_FACTOR: '2',
      XDS_CLIENT_BACKOFF_JITTER: 'false',
      XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES: '8388608',
      CONFIG_GRPC_XDS_KEEPALIVE_TIME: '30s',
      CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT: '5s',
    }).config;
    assert.equal(sut.type, 'GRPC_XDS_SOTW');
    assert.deepEqual(sut.xds, {
      nodeId: 'rl-1',
      nodeMetadata: { zone: 'a', rack: 'r1' },
      serverUrl: 'xds:18000',
      additionalHeaders: { authorization: 'Bearer x', 'x-tenant': 't1' },
      tls: { clientCertPath: 'c', clientKeyPath: 'k', caCertPath: 'ca', serverNameOverride: 'xds.local' },
      backoff: { initialMs: 1000, maxMs: 120_000, randomFactor: 2, jitter: false },
      maxReceiveMessageBytes: 8_388_608,
      keepaliveTimeMs: 30_000,
      keepaliveTimeoutMs: 5_000,
    });
  });

  it('rejects unknown config types and malformed metadata', () => {
    assert.deepEqual(issuesOf({ CONFIG_TYPE: 'GRPC_XDS_DELTA', CONFIG_GRPC_XDS_NODE_METADATA: 'zone:a' }), [
      'CONFIG_TYPE=GRPC_XDS_DELTA: must be one of FILE, GRPC_XDS_SOTW',
      "CONFIG_GRPC_XDS_NODE_METADATA=zone:a: invalid map item 'zone:a' (expected key=value)",
    ]);
  });
});

describe('tracing (TRACING_*)', () => {
  it('reads every variable', () => {
    const sut = parseSettings({
      TRACING_ENABLED: 'true',
      TRACING_SERVICE_NAME: 'rl',
      TRACING_SERVICE_NAMESPACE: 'edge',
      TRACING_SERVICE_INSTANCE_ID: 'i-1',
      TRACING_EXPORTER_PROTOCOL: 'grpc',
      TRACING_SAMPLING_RATE: '0.25',
    }).tracing;
    assert.deepEqual(sut, {
      enabled: true,
      serviceName: 'rl',
      serviceNamespace: 'edge',
      serviceInstanceId: 'i-1',
      exporterProtocol: 'grpc',
      samplingRate: 0.25,
    });
  });

  it('keeps the sampling rate within 0..1 and the protocol to http or grpc', () => {
    assert.deepEqual(issuesOf({ TRACING_EXPORTER_PROTOCOL: 'udp', TRACING_SAMPLING_RATE: '2' }), [
      'TRACING_EXPORTER_PROTOCOL=udp: must be one of http, grpc',
      'TRACING_SAMPLING_RATE=2: must be between 0 and 1',
    ]);
  });
});

describe('health, shutdown, workers', () => {
  it('reads every variable', () => {
    const sut = parseSettings({
      HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: 'true',
      SHUTDOWN_DRAIN_SECONDS: '0',
      WORKERS: '2',
      KV_URL: 'r:6379',
    });
    assert.deepEqual(
      [sut.health, sut.shutdown, sut.workers],
      [{ healthyWithAtLeastOneConfigLoaded: true }, { drainSeconds: 0 }, 2],
    );
  });

  it('needs at least one worker', () => {
    assert.deepEqual(issuesOf({ WORKERS: '0' }), ['WORKERS=0: must be >= 1']);
  });
});
