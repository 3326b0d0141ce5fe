// THE schema of the settings (like envoy's src/settings/settings.go): every environment variable
// once, with its default (the text a user would write, parsed like one), parser, meaning and
// Envoy's other names; where it sits is where its value goes in Settings, whose type is inferred
// from here (setting.ts). docs/settings.md mirrors it (settings-docs.spec.ts); the order is the
// order bad values are reported in. One table on purpose, hence longer than the usual file (the
// backend's part is in backend-schema.ts). `ours` marks variables and defaults Envoy does not have.
// The groups a library reads (the backend's, config.runtime, config.xds) are shaped as its options,
// field names included, so they are handed over whole (library-options.ts).
import { BACKEND_SCHEMA } from './backend-schema';
// prettier-ignore
import { bool, choice, colonMap, duration, equalsMap, float, hostNames, integer, list, logLevel, optional, parseTimerPeriod, port, text } from './go-values';
import { readMogrifiers } from './read-mogrifiers';
import { variablesOf } from './read-variables';
import { compat, derived, v, when, type SettingsOf, type ValuesOf } from './setting';

// prettier-ignore
const [DISABLE_STATS, USE_TAGGEDSTATS] = [
  v('DISABLE_STATS', bool, 'false', 'no statistics at all'),
  v('USE_TAGGEDSTATS', bool, 'false', 'DogStatsD sink (needs USE_PUSHSTATS=false)', ['USE_DOG_STATSD']),
] as const;

// One line per variable, read as a table (prettier would spread most over five).
// prettier-ignore
export const SCHEMA = {
  server: {
    host: v('HOST', text, '0.0.0.0', 'HTTP listener address (/json, /healthcheck)'),
    port: v('PORT', port, '8080', 'HTTP listener port'),
    grpcHost: v('GRPC_HOST', text, '0.0.0.0', 'gRPC listener address'),
    grpcPort: v('GRPC_PORT', port, '8081', 'gRPC listener port'),
    grpcUds: v('GRPC_UDS', text, '', 'unix socket path for gRPC instead of GRPC_HOST:GRPC_PORT'),
    maxConnectionAgeMs: v('GRPC_MAX_CONNECTION_AGE', duration, '24h', 'gRPC connections are closed (GOAWAY) after this age'),
    maxConnectionAgeGraceMs: v('GRPC_MAX_CONNECTION_AGE_GRACE', duration, '1h', 'forced close this long after GRPC_MAX_CONNECTION_AGE'),
    maxRequestBytes: v('MAX_REQUEST_BYTES', integer(1), '1048576', 'ours: HTTP /json body limit (1 MiB)'),
    grpcMaxRecvMessageBytes: v('GRPC_MAX_RECV_MESSAGE_BYTES', integer(1), '4194304', 'ours: largest gRPC request accepted (4 MiB)'),
    grpcConnectionTimeoutMs: v('GRPC_CONNECTION_TIMEOUT', duration, '10s', 'ours: a gRPC connection must start HTTP/2 within this or is closed; 0 = never (grpc-go: 120s)'),
    httpRequestTimeoutMs: v('HTTP_REQUEST_TIMEOUT', duration, '10s', 'ours: most time a client may take to send one HTTP request (headers and body), on every HTTP listener; 0 = no limit'),
    httpMaxConnections: v('HTTP_MAX_CONNECTIONS', integer(0), '256', 'ours: most open connections per HTTP listener (HTTP, debug, Prometheus); past it the connections quiet longest are closed to make room; 0 = no limit'),
  },
  debug: {
    host: v('DEBUG_HOST', text, '0.0.0.0', 'debug listener address (/rlconfig, /stats)'),
    port: v('DEBUG_PORT', port, '6070', 'debug listener port'),
    isConsoleEnabled: v('CONSOLE_ENABLED', bool, 'true', 'ours: the operator console on the debug listener (/console)'),
    allowedHosts: v('CONSOLE_ALLOWED_HOSTS', hostNames, '', 'ours: more Host names (or host:port) the debug listener answers'),
  },
  tls: {
    enabled: v('GRPC_SERVER_USE_TLS', bool, 'false', 'serve gRPC over TLS'),
    certFile: v('GRPC_SERVER_TLS_CERT', text, '', 'server certificate chain file (required with TLS)'),
    keyFile: v('GRPC_SERVER_TLS_KEY', text, '', 'server private key file (required with TLS)'),
    clientCaCertFile: v('GRPC_CLIENT_TLS_CACERT', text, '', 'CA file: set = mutual TLS, client certificates required'),
    clientSan: v('GRPC_CLIENT_TLS_SAN', text, '', 'DNS SAN the client certificate must carry (mTLS)'),
  },
  log: {
    level: v('LOG_LEVEL', logLevel, 'WARN', 'trace, debug, info, warn/warning, error, fatal, panic'),
    format: v('LOG_FORMAT', choice('text', 'json'), 'text', 'text (time= level= msg=) or json (@timestamp, @message, level)'),
  },
  config: {
    type: v('CONFIG_TYPE', choice('FILE', 'GRPC_XDS_SOTW'), 'FILE', 'rules from files or from an xDS server'),
    forceStartWithoutInitialConfig: v('FORCE_START_WITHOUT_INITIAL_CONFIG', bool, 'false', 'open ports before the first rules are loaded'),
    mergeDomainConfig: v('MERGE_DOMAIN_CONFIG', bool, 'false', 'several files may define the same domain'),
    runtime: {
      runtimeRoot: v('RUNTIME_ROOT', text, '/srv/runtime_data/current', 'rules root directory (often a symlink)'),
      runtimeSubdirectory: v('RUNTIME_SUBDIRECTORY', text, '', 'subdirectory under RUNTIME_ROOT'),
      runtimeAppDirectory: v('RUNTIME_APPDIRECTORY', text, 'config', 'directory holding the rule files'),
      ignoreDotFiles: v('RUNTIME_IGNOREDOTFILES', bool, 'false', 'skip files and directories starting with a dot'),
      watchRoot: v('RUNTIME_WATCH_ROOT', bool, 'true', 'true: reload on root symlink swap; false: on file changes'),
      maxFileBytes: v('RULES_MAX_FILE_BYTES', integer(1), '16777216', 'ours: a larger rules file is refused (16 MiB)'),
    },
    xds: {
      nodeId: v('CONFIG_GRPC_XDS_NODE_ID', text, 'default', 'xDS node id'),
      nodeMetadata: v('CONFIG_GRPC_XDS_NODE_METADATA', equalsMap, '', 'xDS node metadata, k=v,k2=v2'),
      serverUrl: v('CONFIG_GRPC_XDS_SERVER_URL', text, 'localhost:18000', 'xDS server address'),
      connectRetryInterval: compat('a failed connection is a failed stream, retried after the XDS_CLIENT_BACKOFF_* wait (docs/xds.md)', 'CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL', duration, '3s', 'a failed connection waits XDS_CLIENT_BACKOFF_*'),
      additionalHeaders: v('CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS', colonMap, '', 'extra xDS request headers, k:v,k2:v2'),
      tls: when(v('CONFIG_GRPC_XDS_SERVER_USE_TLS', bool, 'false', 'TLS to the xDS server'), {
        clientCertPath: v('CONFIG_GRPC_XDS_CLIENT_TLS_CERT', optional, '', 'client certificate file for the xDS server'),
        clientKeyPath: v('CONFIG_GRPC_XDS_CLIENT_TLS_KEY', optional, '', 'client key file for the xDS server'),
        caCertPath: v('CONFIG_GRPC_XDS_SERVER_TLS_CACERT', optional, '', 'CA file verifying the xDS server'),
        serverNameOverride: v('CONFIG_GRPC_XDS_SERVER_TLS_SAN', optional, '', 'expected SAN of the xDS server certificate'),
      }),
      backoff: {
        initialMs: v('XDS_CLIENT_BACKOFF_INITIAL_INTERVAL', duration, '10s', 'first xDS retry wait'),
        maxMs: v('XDS_CLIENT_BACKOFF_MAX_INTERVAL', duration, '60s', 'largest xDS retry wait'),
        randomFactor: v('XDS_CLIENT_BACKOFF_RANDOM_FACTOR', float(0), '0.5', 'xDS backoff factor'),
        jitter: v('XDS_CLIENT_BACKOFF_JITTER', bool, 'true', 'add jitter to xDS retry waits'),
      },
      maxReceiveMessageBytes: v('XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES', integer(0), '0', 'largest xDS message accepted; 0 = gRPC default'),
      keepaliveTimeMs: v('CONFIG_GRPC_XDS_KEEPALIVE_TIME', duration, '5m', 'ours: ping the xDS server this often; 0 = never'),
      keepaliveTimeoutMs: v('CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT', duration, '20s', 'ours: an unanswered ping drops the xDS connection'),
    },
  },
  backend: BACKEND_SCHEMA,
  limits: {
    cacheKeyPrefix: v('CACHE_KEY_PREFIX', text, '', 'prefix of every counter key'),
    expirationJitterMaxSeconds: v('EXPIRATION_JITTER_MAX_SECONDS', integer(0), '300', 'random extra counter TTL, 0..this'),
    localCacheSizeBytes: v('LOCAL_CACHE_SIZE_IN_BYTES', integer(0), '0', 'local over-limit cache size; 0 = off', ['LocalCacheSizeInBytes']),
    nearLimitRatio: v('NEAR_LIMIT_RATIO', float(0, 1), '0.8', 'near_limit stat threshold, 0..1'),
    stopCacheKeyIncrementWhenOverlimit: v('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT', bool, 'false', 'do not count hits of requests already over'),
    shadowMode: v('SHADOW_MODE', bool, 'false', 'global shadow mode: never answer OVER_LIMIT'),
    quotaMode: v('QUOTA_MODE', bool, 'false', 'global quota mode'),
    cachedCounting: {
      flushIntervalMs: v('CACHED_COUNTING_FLUSH_INTERVAL', parseTimerPeriod, '250ms', 'ours: how often `counting: cached` limits send their hits to the store (one round trip per store)'),
      maxKeys: v('CACHED_COUNTING_MAX_KEYS', integer(1), '10000', 'ours: counter keys `counting: cached` holds per store (the idlest make room)'),
    },
  },
  response: {
    headersEnabled: v('LIMIT_RESPONSE_HEADERS_ENABLED', bool, 'false', 'add RateLimit-* headers to responses'),
    limitHeader: v('LIMIT_LIMIT_HEADER', text, 'RateLimit-Limit', 'limit header name'),
    remainingHeader: v('LIMIT_REMAINING_HEADER', text, 'RateLimit-Remaining', 'remaining header name'),
    resetHeader: v('LIMIT_RESET_HEADER', text, 'RateLimit-Reset', 'reset header name'),
    dynamicMetadata: v('RESPONSE_DYNAMIC_METADATA', bool, 'false', 'return dynamic metadata'),
  },
  stats: {
    // Envoy's order (runner.go): disabled, then DogStatsD, statsd, Prometheus, else stdout.
    sink: derived({
      isDisabled: DISABLE_STATS,
      isPush: v('USE_PUSHSTATS', bool, 'true', 'push statsd; false (and no other sink): stdout', ['USE_STATSD']),
      isTagged: USE_TAGGEDSTATS,
      isPull: v('USE_PULLSTATS', bool, 'false', 'Prometheus listener (needs USE_PUSHSTATS=false)', ['USE_PROMETHEUS']),
    }, ({ isDisabled, isPush, isTagged, isPull }) =>
      isDisabled ? 'disabled' : isTagged ? 'taggedstats' : isPush ? 'pushstats' : isPull ? 'pullstats' : 'stdout'),
    statsd: { host: v('STATSD_HOST', text, 'localhost', 'statsd host'), port: v('STATSD_PORT', port, '8125', 'statsd port') },
    tagged: {
      // Envoy reads the mogrifier variables only while the DogStatsD sink is on.
      mogrifiers: derived({
        names: v('TAGGEDSTATS_MOGRIFIERS', list, '', 'mogrifier names, see docs/observability.md', ['USE_DOG_STATSD_MOGRIFIERS']),
        isTagged: USE_TAGGEDSTATS,
        isDisabled: DISABLE_STATS,
      }, ({ names, isTagged, isDisabled }, { env, sources, issues }) =>
        isTagged && !isDisabled ? readMogrifiers(env, names, sources.names, issues) : []),
    },
    pull: {
      addr: v('PULLSTATS_ADDR', text, ':9090', 'Prometheus listen address', ['PROMETHEUS_ADDR']),
      path: v('PULLSTATS_PATH', text, '/metrics', 'Prometheus path', ['PROMETHEUS_PATH']),
      mapperYaml: v('PULLSTATS_MAPPER_YAML', text, '', 'statsd-to-Prometheus mapping file; empty = built in', ['PROMETHEUS_MAPPER_YAML']),
      responseTimeAsMilliseconds: v('PULLSTATS_RESPONSE_TIME_AS_MILLISECONDS', bool, 'false', 'response_time histogram in ms', ['PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS']),
    },
    flushIntervalMs: v('STATS_FLUSH_INTERVAL', duration, '10s', 'push interval'),
    extraTags: v('EXTRA_TAGS', colonMap, '', 'tags on every statistic, k:v,k2:v2'),
    maxKeys: v('STATS_MAX_KEYS', integer(1), '10000', 'ours: cap on distinct per-value stat keys'),
  },
  tracing: {
    enabled: v('TRACING_ENABLED', bool, 'false', 'export OTLP spans'),
    serviceName: v('TRACING_SERVICE_NAME', text, 'RateLimit', 'service.name'),
    serviceNamespace: v('TRACING_SERVICE_NAMESPACE', text, '', 'service.namespace'),
    serviceInstanceId: v('TRACING_SERVICE_INSTANCE_ID', text, '', 'service.instance.id; empty = random UUID'),
    exporterProtocol: v('TRACING_EXPORTER_PROTOCOL', choice('http', 'grpc'), 'http', 'OTLP over http or grpc'),
    samplingRate: v('TRACING_SAMPLING_RATE', float(0, 1), '1', 'fraction of traces sampled, 0..1'),
  },
  health: { healthyWithAtLeastOneConfigLoaded: v('HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED', bool, 'false', 'unhealthy until rules are loaded') },
  shutdown: { drainSeconds: v('SHUTDOWN_DRAIN_SECONDS', integer(0), '15', 'ours: most time to finish in-flight requests after SIGTERM') },
  workers: v('WORKERS', integer(1), '1', 'ours: processes sharing the ports (memory backend: 1)'),
};

/** The typed, nested, frozen result of parseSettings(env): durations in ms, sizes in bytes. */
export type Settings = SettingsOf<typeof SCHEMA>;
/** Every variable's value by canonical name (the checks across variables read these). */
export type Values = ValuesOf<typeof SCHEMA>;
/** Every variable once, in schema order: what is read, reported and documented. */
export const VARIABLES = variablesOf(SCHEMA);
