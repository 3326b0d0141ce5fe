// THE inventory of environment variables (like envoy's src/settings/settings.go): canonical name,
// default (as the text a user would write, parsed by the same schema), schema and a one-line meaning.
// One table on purpose: every variable, its default and meaning in one place (docs/settings.md mirrors it).
// Aliases: every KV_* also answers to REDIS_*, every ALTCACHE_* to MEMCACHE_* (see aliasesOf);
// other Envoy names are listed per variable. `ours` marks defaults/variables that differ from Envoy.
import * as s from './variable-schemas';
import type { VariableSchema } from './variable-schemas';

export interface Variable<T, D extends string | undefined = string | undefined> {
  readonly schema: VariableSchema<T>;
  /** Text default; undefined = no default (value stays undefined unless set). */
  readonly defaultValue: D;
  readonly doc: string;
  readonly aliases: readonly string[];
}

const v = <T, D extends string | undefined>(
  schema: VariableSchema<T>,
  defaultValue: D,
  doc: string,
  aliases: string[] = [],
): Variable<T, D> => ({ schema, defaultValue, doc, aliases });

export const REFERENCE_REDIS_URL = '/var/run/nutcracker/ratelimit.sock';
export const REFERENCE_REDIS_PERSECOND_URL = '/var/run/nutcracker/ratelimitpersecond.sock';

export const VARIABLES = {
  // server
  HOST: v(s.text, '0.0.0.0', 'HTTP listener address (/json, /healthcheck)'),
  PORT: v(s.port, '8080', 'HTTP listener port'),
  GRPC_HOST: v(s.text, '0.0.0.0', 'gRPC listener address'),
  GRPC_PORT: v(s.port, '8081', 'gRPC listener port'),
  GRPC_UDS: v(s.text, '', 'unix socket path for gRPC instead of GRPC_HOST:GRPC_PORT'),
  GRPC_MAX_CONNECTION_AGE: v(s.duration, '24h', 'gRPC connections are closed (GOAWAY) after this age'),
  GRPC_MAX_CONNECTION_AGE_GRACE: v(s.duration, '1h', 'forced close this long after GRPC_MAX_CONNECTION_AGE'),
  MAX_REQUEST_BYTES: v(s.integer(1), '1048576', 'ours: HTTP /json body limit (1 MiB)'),
  GRPC_MAX_RECV_MESSAGE_BYTES: v(s.integer(1), '4194304', 'ours: largest gRPC request accepted (4 MiB)'),
  GRPC_CONNECTION_TIMEOUT: v(
    s.duration,
    '10s',
    'ours: a gRPC connection must start HTTP/2 within this or is closed; 0 = never (grpc-go: 120s)',
  ),
  HTTP_REQUEST_TIMEOUT: v(
    s.duration,
    '10s',
    'ours: most time a client may take to send one HTTP request (headers and body), on every HTTP listener; 0 = no limit',
  ),
  HTTP_MAX_CONNECTIONS: v(
    s.integer(0),
    '256',
    'ours: most open connections per HTTP listener (HTTP, debug, Prometheus), more are closed at once; 0 = no limit',
  ),
  DEBUG_HOST: v(s.text, '0.0.0.0', 'debug listener address (/rlconfig, /stats)'),
  DEBUG_PORT: v(s.port, '6070', 'debug listener port'),
  CONSOLE_ENABLED: v(s.bool, 'true', 'ours: the operator console on the debug listener (/console)'),
  // gRPC server TLS
  GRPC_SERVER_USE_TLS: v(s.bool, 'false', 'serve gRPC over TLS'),
  GRPC_SERVER_TLS_CERT: v(s.text, '', 'server certificate chain file (required with TLS)'),
  GRPC_SERVER_TLS_KEY: v(s.text, '', 'server private key file (required with TLS)'),
  GRPC_CLIENT_TLS_CACERT: v(s.text, '', 'CA file: set = mutual TLS, client certificates required'),
  GRPC_CLIENT_TLS_SAN: v(s.text, '', 'DNS SAN the client certificate must carry (mTLS)'),
  // logging
  LOG_LEVEL: v(s.logLevel, 'WARN', 'trace, debug, info, warn/warning, error, fatal, panic'),
  LOG_FORMAT: v(
    s.choice('text', 'json'),
    'text',
    'text (time= level= msg=) or json (@timestamp, @message, level)',
  ),
  // rule configuration source
  CONFIG_TYPE: v(s.choice('FILE', 'GRPC_XDS_SOTW'), 'FILE', 'rules from files or from an xDS server'),
  FORCE_START_WITHOUT_INITIAL_CONFIG: v(s.bool, 'false', 'open ports before the first rules are loaded'),
  MERGE_DOMAIN_CONFIG: v(s.bool, 'false', 'several files may define the same domain'),
  RUNTIME_ROOT: v(s.text, '/srv/runtime_data/current', 'rules root directory (often a symlink)'),
  RUNTIME_SUBDIRECTORY: v(s.text, '', 'subdirectory under RUNTIME_ROOT'),
  RUNTIME_APPDIRECTORY: v(s.text, 'config', 'directory holding the rule files'),
  RUNTIME_IGNOREDOTFILES: v(s.bool, 'false', 'skip files and directories starting with a dot'),
  RUNTIME_WATCH_ROOT: v(s.bool, 'true', 'true: reload on root symlink swap; false: on file changes'),
  CONFIG_GRPC_XDS_NODE_ID: v(s.text, 'default', 'xDS node id'),
  CONFIG_GRPC_XDS_NODE_METADATA: v(s.equalsMap, '', 'xDS node metadata, k=v,k2=v2'),
  CONFIG_GRPC_XDS_SERVER_URL: v(s.text, 'localhost:18000', 'xDS server address'),
  CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL: v(s.duration, '3s', 'wait between xDS connect attempts'),
  CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: v(s.colonMap, '', 'extra xDS request headers, k:v,k2:v2'),
  CONFIG_GRPC_XDS_SERVER_USE_TLS: v(s.bool, 'false', 'TLS to the xDS server'),
  CONFIG_GRPC_XDS_CLIENT_TLS_CERT: v(s.text, '', 'client certificate file for the xDS server'),
  CONFIG_GRPC_XDS_CLIENT_TLS_KEY: v(s.text, '', 'client key file for the xDS server'),
  CONFIG_GRPC_XDS_SERVER_TLS_CACERT: v(s.text, '', 'CA file verifying the xDS server'),
  CONFIG_GRPC_XDS_SERVER_TLS_SAN: v(s.text, '', 'expected SAN of the xDS server certificate'),
  XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: v(s.duration, '10s', 'first xDS retry wait'),
  XDS_CLIENT_BACKOFF_MAX_INTERVAL: v(s.duration, '60s', 'largest xDS retry wait'),
  XDS_CLIENT_BACKOFF_RANDOM_FACTOR: v(s.float(0), '0.5', 'xDS backoff factor'),
  XDS_CLIENT_BACKOFF_JITTER: v(s.bool, 'true', 'add jitter to xDS retry waits'),
  XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES: v(s.integer(0), '0', 'largest xDS message accepted; 0 = gRPC default'),
  CONFIG_GRPC_XDS_KEEPALIVE_TIME: v(s.duration, '5m', 'ours: ping the xDS server this often; 0 = never'),
  CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT: v(
    s.duration,
    '20s',
    'ours: an unanswered ping drops the xDS connection',
  ),
  // backend selection
  BACKEND_TYPE: v(
    s.backendType,
    undefined,
    'redis, memcache (or memcached), memory; unset: redis if KV_URL is set, else memory',
  ),
  MEMORY_MAX_KEYS: v(s.integer(1), '1000000', 'ours: most counters the memory backend keeps'),
  // KV store (Redis); each also answers to REDIS_<rest>
  KV_URL: v(s.text, undefined, 'host:port, redis[s]://URL, unix path; sentinel/cluster: comma list'),
  KV_SOCKET_TYPE: v(s.choice('tcp', 'unix'), undefined, 'tcp or unix; unset: unix for / or unix: URLs'),
  KV_TYPE: v(s.choice('single', 'sentinel', 'cluster'), 'single', 'single, sentinel or cluster'),
  KV_POOL_SIZE: v(s.integer(1), '10', 'connections per store'),
  KV_AUTH: v(s.text, '', 'password or user:password'),
  KV_SENTINEL_AUTH: v(s.text, '', 'password or user:password for the sentinels'),
  KV_TLS: v(s.bool, 'false', 'TLS to the store'),
  KV_TLS_CLIENT_CERT: v(s.text, '', 'client certificate file (both stores)'),
  KV_TLS_CLIENT_KEY: v(s.text, '', 'client key file (both stores)'),
  KV_TLS_CACERT: v(s.text, '', 'CA file added to the system roots (both stores)'),
  KV_TLS_SKIP_HOSTNAME_VERIFICATION: v(s.bool, 'false', 'verify the chain but not the host name'),
  KV_PIPELINE_WINDOW: v(s.duration, '0', 'batch commands of concurrent requests for this long; 0 = per tick'),
  KV_PIPELINE_LIMIT: v(s.integer(0), '0', 'flush a batch at this many commands; 0 = no limit'),
  KV_CLUSTER_PIPELINE_PARALLELISM: v(s.integer(0), '1', 'cluster: key groups in flight; 0 = pool size'),
  KV_TIMEOUT: v(s.duration, '300ms', 'ours: store timeout, fail fast (Envoy: 10s dial timeout)'),
  KV_POOL_ON_EMPTY_BEHAVIOR: v(s.poolOnEmptyBehavior, 'WAIT', 'only WAIT (CREATE/ERROR are rejected)'),
  KV_INCREMENT_SCRIPT: v(
    s.autoOrBool,
    'auto',
    'ours: send a batch as one Lua script call: auto (on a Redis server that runs scripts), true, false',
  ),
  KV_HEALTH_CHECK_ACTIVE_CONNECTION: v(s.bool, 'false', 'unhealthy while no store connection is up'),
  KV_STARTUP_INITIAL_INTERVAL: v(s.duration, '1s', 'first wait between start-up connection attempts'),
  KV_STARTUP_MAX_INTERVAL: v(s.duration, '30s', 'largest wait between start-up connection attempts'),
  KV_STARTUP_MAX_ELAPSED_TIME: v(s.duration, '0', 'give up connecting at start after this; 0 = never'),
  KV_PERSECOND: v(s.bool, 'false', 'second store for limits whose unit is second'),
  KV_PERSECOND_URL: v(s.text, REFERENCE_REDIS_PERSECOND_URL, 'per-second store URL'),
  KV_PERSECOND_SOCKET_TYPE: v(s.choice('tcp', 'unix'), undefined, 'as KV_SOCKET_TYPE'),
  KV_PERSECOND_TYPE: v(s.choice('single', 'sentinel', 'cluster'), 'single', 'as KV_TYPE'),
  KV_PERSECOND_POOL_SIZE: v(s.integer(1), '10', 'as KV_POOL_SIZE'),
  KV_PERSECOND_AUTH: v(s.text, '', 'as KV_AUTH'),
  KV_PERSECOND_SENTINEL_AUTH: v(s.text, '', 'as KV_SENTINEL_AUTH'),
  KV_PERSECOND_TLS: v(s.bool, 'false', 'TLS to the per-second store (files from KV_TLS_*)'),
  KV_PERSECOND_PIPELINE_WINDOW: v(s.duration, '0', 'as KV_PIPELINE_WINDOW'),
  KV_PERSECOND_PIPELINE_LIMIT: v(s.integer(0), '0', 'as KV_PIPELINE_LIMIT'),
  KV_PERSECOND_CLUSTER_PIPELINE_PARALLELISM: v(s.integer(0), '1', 'as KV_CLUSTER_PIPELINE_PARALLELISM'),
  KV_PERSECOND_TIMEOUT: v(s.duration, '300ms', 'ours: as KV_TIMEOUT (Envoy: 10s)'),
  KV_PERSECOND_POOL_ON_EMPTY_BEHAVIOR: v(s.poolOnEmptyBehavior, 'WAIT', 'as KV_POOL_ON_EMPTY_BEHAVIOR'),
  // alternative store (memcached); each also answers to MEMCACHE_<rest>
  ALTCACHE_HOST_PORT: v(s.list, '', 'comma list of host:port (exclusive with ALTCACHE_SRV)'),
  ALTCACHE_SRV: v(s.text, '', 'SRV record listing the nodes'),
  ALTCACHE_SRV_REFRESH: v(s.duration, '0', 'SRV re-resolution interval; 0 = never'),
  ALTCACHE_MAX_IDLE_CONNS: v(s.integer(0), '2', 'idle connections per node'),
  ALTCACHE_TLS: v(s.bool, 'false', 'TLS to memcached'),
  ALTCACHE_TLS_CLIENT_CERT: v(s.text, '', 'client certificate file'),
  ALTCACHE_TLS_CLIENT_KEY: v(s.text, '', 'client key file'),
  ALTCACHE_TLS_CACERT: v(s.text, '', 'CA file'),
  ALTCACHE_TLS_SKIP_HOSTNAME_VERIFICATION: v(s.bool, 'false', 'verify the chain but not the host name'),
  // limits (all backends)
  CACHE_KEY_PREFIX: v(s.text, '', 'prefix of every counter key'),
  EXPIRATION_JITTER_MAX_SECONDS: v(s.integer(0), '300', 'random extra counter TTL, 0..this'),
  LOCAL_CACHE_SIZE_IN_BYTES: v(s.integer(0), '0', 'local over-limit cache size; 0 = off', [
    'LocalCacheSizeInBytes',
  ]),
  NEAR_LIMIT_RATIO: v(s.float(0, 1), '0.8', 'near_limit stat threshold, 0..1'),
  STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: v(s.bool, 'false', 'do not count hits of requests already over'),
  SHADOW_MODE: v(s.bool, 'false', 'global shadow mode: never answer OVER_LIMIT'),
  QUOTA_MODE: v(s.bool, 'false', 'global quota mode'),
  // response
  LIMIT_RESPONSE_HEADERS_ENABLED: v(s.bool, 'false', 'add RateLimit-* headers to responses'),
  LIMIT_LIMIT_HEADER: v(s.text, 'RateLimit-Limit', 'limit header name'),
  LIMIT_REMAINING_HEADER: v(s.text, 'RateLimit-Remaining', 'remaining header name'),
  LIMIT_RESET_HEADER: v(s.text, 'RateLimit-Reset', 'reset header name'),
  RESPONSE_DYNAMIC_METADATA: v(s.bool, 'false', 'return dynamic metadata'),
  // statistics
  DISABLE_STATS: v(s.bool, 'false', 'no statistics at all'),
  USE_PUSHSTATS: v(s.bool, 'true', 'push statsd; false (and no other sink): stdout', ['USE_STATSD']),
  STATSD_HOST: v(s.text, 'localhost', 'statsd host'),
  STATSD_PORT: v(s.port, '8125', 'statsd port'),
  USE_TAGGEDSTATS: v(s.bool, 'false', 'DogStatsD sink (needs USE_PUSHSTATS=false)', ['USE_DOG_STATSD']),
  TAGGEDSTATS_MOGRIFIERS: v(s.list, '', 'mogrifier names, see docs/observability.md', [
    'USE_DOG_STATSD_MOGRIFIERS',
  ]),
  USE_PULLSTATS: v(s.bool, 'false', 'Prometheus listener (needs USE_PUSHSTATS=false)', ['USE_PROMETHEUS']),
  PULLSTATS_ADDR: v(s.text, ':9090', 'Prometheus listen address', ['PROMETHEUS_ADDR']),
  PULLSTATS_PATH: v(s.text, '/metrics', 'Prometheus path', ['PROMETHEUS_PATH']),
  PULLSTATS_MAPPER_YAML: v(s.text, '', 'statsd-to-Prometheus mapping file; empty = built in', [
    'PROMETHEUS_MAPPER_YAML',
  ]),
  PULLSTATS_RESPONSE_TIME_AS_MILLISECONDS: v(s.bool, 'false', 'response_time histogram in ms', [
    'PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS',
  ]),
  EXTRA_TAGS: v(s.colonMap, '', 'tags on every statistic, k:v,k2:v2'),
  STATS_FLUSH_INTERVAL: v(s.duration, '10s', 'push interval'),
  STATS_MAX_KEYS: v(s.integer(1), '10000', 'ours: cap on distinct per-value stat keys'),
  // tracing
  TRACING_ENABLED: v(s.bool, 'false', 'export OTLP spans'),
  TRACING_SERVICE_NAME: v(s.text, 'RateLimit', 'service.name'),
  TRACING_SERVICE_NAMESPACE: v(s.text, '', 'service.namespace'),
  TRACING_SERVICE_INSTANCE_ID: v(s.text, '', 'service.instance.id; empty = random UUID'),
  TRACING_EXPORTER_PROTOCOL: v(s.choice('http', 'grpc'), 'http', 'OTLP over http or grpc'),
  TRACING_SAMPLING_RATE: v(s.float(0, 1), '1', 'fraction of traces sampled, 0..1'),
  // health, shutdown, processes
  HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: v(s.bool, 'false', 'unhealthy until rules are loaded'),
  SHUTDOWN_DRAIN_SECONDS: v(s.integer(0), '15', 'ours: most time to finish in-flight requests after SIGTERM'),
  WORKERS: v(s.integer(1), '1', 'ours: processes sharing the ports (memory backend: 1)'),
};

export type VariableName = keyof typeof VARIABLES;
/** Flat parsed values; undefined only for variables without a default that are unset. */
export type VariableValues = {
  readonly [K in VariableName]: (typeof VARIABLES)[K] extends Variable<infer T, infer D>
    ? D extends string
      ? T
      : T | undefined
    : never;
};

const PREFIX_ALIASES: readonly (readonly [string, string])[] = [
  ['KV_', 'REDIS_'],
  ['ALTCACHE_', 'MEMCACHE_'],
];

/** Envoy names accepted for a canonical name, in the order they are reported. */
export function aliasesOf(name: VariableName): readonly string[] {
  const byPrefix = PREFIX_ALIASES.filter(([prefix]) => name.startsWith(prefix)).map(
    ([prefix, alias]) => alias + name.slice(prefix.length),
  );
  return [...byPrefix, ...VARIABLES[name].aliases];
}
