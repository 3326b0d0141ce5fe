// THE inventory of environment variables (like envoy's src/settings/settings.go): canonical name,
// default (as the text a user would write, parsed by the same parser), parser and a one-line
// meaning. One table on purpose: every variable, its default and meaning in one place
// (docs/settings.md mirrors it), hence longer than the usual file. The parsers of the kinds of
// value are in go-values.ts; the few that belong to one variable are just above the table.
// Aliases: every KV_* also answers to REDIS_*, every ALTCACHE_* to MEMCACHE_* (see aliasesOf);
// other Envoy names are listed per variable. `ours` marks defaults/variables that differ from Envoy.
import {
  bool,
  choice,
  colonMap,
  duration,
  equalsMap,
  float,
  hostNames,
  integer,
  list,
  parseChoice,
  parseGoBool,
  port,
  text,
  type ParseResult,
  type ValueParser,
} from './go-values';

export interface Variable<T, D extends string | undefined = string | undefined> {
  readonly parse: ValueParser<T>;
  /** Text default; undefined = no default (value stays undefined unless set). */
  readonly defaultValue: D;
  readonly doc: string;
  readonly aliases: readonly string[];
}

const v = <T, D extends string | undefined>(
  parse: ValueParser<T>,
  defaultValue: D,
  doc: string,
  aliases: string[] = [],
): Variable<T, D> => ({ parse, defaultValue, doc, aliases });

/** BACKEND_TYPE: `memcached` is accepted as another spelling of `memcache`. */
function backendType(raw: string): ParseResult<'redis' | 'memcache' | 'memory'> {
  const result = parseChoice(raw, ['redis', 'memcache', 'memcached', 'memory']);
  if (!result.ok) return result;
  return { ok: true, value: result.value === 'memcached' ? 'memcache' : result.value };
}

/** KV_INCREMENT_SCRIPT: `auto`, or a Go boolean (true = `on`, false = `off`). */
function autoOrBool(raw: string): ParseResult<'auto' | 'on' | 'off'> {
  if (raw.trim().toLowerCase() === 'auto') return { ok: true, value: 'auto' };
  const result = parseGoBool(raw);
  if (!result.ok) return { ok: false, reason: 'must be auto, true or false' };
  return { ok: true, value: result.value ? 'on' : 'off' };
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'panic'] as const;

/** LOG_LEVEL: logrus.ParseLevel names; `warn` is logrus's other spelling of `warning`. */
function logLevel(raw: string): ParseResult<Exclude<(typeof LOG_LEVELS)[number], 'warn'>> {
  const result = parseChoice(raw, LOG_LEVELS);
  if (!result.ok) return result;
  return { ok: true, value: result.value === 'warn' ? 'warning' : result.value };
}

/**
 * KV_POOL_ON_EMPTY_BEHAVIOR: the reference's pool (radix v4) always waits for a free connection;
 * CREATE and ERROR made it panic at start, so we reject them with the reason instead.
 */
function poolOnEmptyBehavior(raw: string): ParseResult<'WAIT'> {
  const upper = raw.trim().toUpperCase();
  if (upper === 'WAIT') return { ok: true, value: 'WAIT' };
  if (upper === 'CREATE' || upper === 'ERROR') {
    return {
      ok: false,
      reason: `${upper} is not supported: the pool always waits for a free connection; remove the setting or set WAIT (KV_TIMEOUT bounds the wait)`,
    };
  }
  return { ok: false, reason: 'must be WAIT' };
}

export const REFERENCE_REDIS_URL = '/var/run/nutcracker/ratelimit.sock';
export const REFERENCE_REDIS_PERSECOND_URL = '/var/run/nutcracker/ratelimitpersecond.sock';

export const VARIABLES = {
  // server
  HOST: v(text, '0.0.0.0', 'HTTP listener address (/json, /healthcheck)'),
  PORT: v(port, '8080', 'HTTP listener port'),
  GRPC_HOST: v(text, '0.0.0.0', 'gRPC listener address'),
  GRPC_PORT: v(port, '8081', 'gRPC listener port'),
  GRPC_UDS: v(text, '', 'unix socket path for gRPC instead of GRPC_HOST:GRPC_PORT'),
  GRPC_MAX_CONNECTION_AGE: v(duration, '24h', 'gRPC connections are closed (GOAWAY) after this age'),
  GRPC_MAX_CONNECTION_AGE_GRACE: v(duration, '1h', 'forced close this long after GRPC_MAX_CONNECTION_AGE'),
  MAX_REQUEST_BYTES: v(integer(1), '1048576', 'ours: HTTP /json body limit (1 MiB)'),
  GRPC_MAX_RECV_MESSAGE_BYTES: v(integer(1), '4194304', 'ours: largest gRPC request accepted (4 MiB)'),
  GRPC_CONNECTION_TIMEOUT: v(
    duration,
    '10s',
    'ours: a gRPC connection must start HTTP/2 within this or is closed; 0 = never (grpc-go: 120s)',
  ),
  HTTP_REQUEST_TIMEOUT: v(
    duration,
    '10s',
    'ours: most time a client may take to send one HTTP request (headers and body), on every HTTP listener; 0 = no limit',
  ),
  HTTP_MAX_CONNECTIONS: v(
    integer(0),
    '256',
    'ours: most open connections per HTTP listener (HTTP, debug, Prometheus); past it the connections quiet longest are closed to make room; 0 = no limit',
  ),
  DEBUG_HOST: v(text, '0.0.0.0', 'debug listener address (/rlconfig, /stats)'),
  DEBUG_PORT: v(port, '6070', 'debug listener port'),
  CONSOLE_ENABLED: v(bool, 'true', 'ours: the operator console on the debug listener (/console)'),
  CONSOLE_ALLOWED_HOSTS: v(hostNames, '', 'ours: more Host names (or host:port) the debug listener answers'),
  // gRPC server TLS
  GRPC_SERVER_USE_TLS: v(bool, 'false', 'serve gRPC over TLS'),
  GRPC_SERVER_TLS_CERT: v(text, '', 'server certificate chain file (required with TLS)'),
  GRPC_SERVER_TLS_KEY: v(text, '', 'server private key file (required with TLS)'),
  GRPC_CLIENT_TLS_CACERT: v(text, '', 'CA file: set = mutual TLS, client certificates required'),
  GRPC_CLIENT_TLS_SAN: v(text, '', 'DNS SAN the client certificate must carry (mTLS)'),
  // logging
  LOG_LEVEL: v(logLevel, 'WARN', 'trace, debug, info, warn/warning, error, fatal, panic'),
  LOG_FORMAT: v(
    choice('text', 'json'),
    'text',
    'text (time= level= msg=) or json (@timestamp, @message, level)',
  ),
  // rule configuration source
  CONFIG_TYPE: v(choice('FILE', 'GRPC_XDS_SOTW'), 'FILE', 'rules from files or from an xDS server'),
  FORCE_START_WITHOUT_INITIAL_CONFIG: v(bool, 'false', 'open ports before the first rules are loaded'),
  MERGE_DOMAIN_CONFIG: v(bool, 'false', 'several files may define the same domain'),
  RUNTIME_ROOT: v(text, '/srv/runtime_data/current', 'rules root directory (often a symlink)'),
  RUNTIME_SUBDIRECTORY: v(text, '', 'subdirectory under RUNTIME_ROOT'),
  RUNTIME_APPDIRECTORY: v(text, 'config', 'directory holding the rule files'),
  RUNTIME_IGNOREDOTFILES: v(bool, 'false', 'skip files and directories starting with a dot'),
  RUNTIME_WATCH_ROOT: v(bool, 'true', 'true: reload on root symlink swap; false: on file changes'),
  RULES_MAX_FILE_BYTES: v(integer(1), '16777216', 'ours: a larger rules file is refused (16 MiB)'),
  CONFIG_GRPC_XDS_NODE_ID: v(text, 'default', 'xDS node id'),
  CONFIG_GRPC_XDS_NODE_METADATA: v(equalsMap, '', 'xDS node metadata, k=v,k2=v2'),
  CONFIG_GRPC_XDS_SERVER_URL: v(text, 'localhost:18000', 'xDS server address'),
  CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL: v(duration, '3s', 'wait between xDS connect attempts'),
  CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: v(colonMap, '', 'extra xDS request headers, k:v,k2:v2'),
  CONFIG_GRPC_XDS_SERVER_USE_TLS: v(bool, 'false', 'TLS to the xDS server'),
  CONFIG_GRPC_XDS_CLIENT_TLS_CERT: v(text, '', 'client certificate file for the xDS server'),
  CONFIG_GRPC_XDS_CLIENT_TLS_KEY: v(text, '', 'client key file for the xDS server'),
  CONFIG_GRPC_XDS_SERVER_TLS_CACERT: v(text, '', 'CA file verifying the xDS server'),
  CONFIG_GRPC_XDS_SERVER_TLS_SAN: v(text, '', 'expected SAN of the xDS server certificate'),
  XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: v(duration, '10s', 'first xDS retry wait'),
  XDS_CLIENT_BACKOFF_MAX_INTERVAL: v(duration, '60s', 'largest xDS retry wait'),
  XDS_CLIENT_BACKOFF_RANDOM_FACTOR: v(float(0), '0.5', 'xDS backoff factor'),
  XDS_CLIENT_BACKOFF_JITTER: v(bool, 'true', 'add jitter to xDS retry waits'),
  XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES: v(integer(0), '0', 'largest xDS message accepted; 0 = gRPC default'),
  CONFIG_GRPC_XDS_KEEPALIVE_TIME: v(duration, '5m', 'ours: ping the xDS server this often; 0 = never'),
  CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT: v(duration, '20s', 'ours: an unanswered ping drops the xDS connection'),
  // backend selection
  BACKEND_TYPE: v(
    backendType,
    undefined,
    'redis, memcache (or memcached), memory; unset: redis if KV_URL is set, else memory',
  ),
  MEMORY_MAX_KEYS: v(integer(1), '1000000', 'ours: most counters the memory backend keeps'),
  MEMORY_MAX_BYTES: v(integer(1), '67108864', 'ours: most bytes the memory backend counters take (64 MiB)'),
  // KV store (Redis); each also answers to REDIS_<rest>
  KV_URL: v(text, undefined, 'host:port, redis[s]://URL, unix path; sentinel/cluster: comma list'),
  KV_SOCKET_TYPE: v(choice('tcp', 'unix'), undefined, 'tcp or unix; unset: unix for / or unix: URLs'),
  KV_TYPE: v(choice('single', 'sentinel', 'cluster'), 'single', 'single, sentinel or cluster'),
  KV_POOL_SIZE: v(integer(1), '10', 'connections per store'),
  KV_AUTH: v(text, '', 'password or user:password'),
  KV_SENTINEL_AUTH: v(text, '', 'password or user:password for the sentinels'),
  KV_TLS: v(bool, 'false', 'TLS to the store'),
  KV_TLS_CLIENT_CERT: v(text, '', 'client certificate file (both stores)'),
  KV_TLS_CLIENT_KEY: v(text, '', 'client key file (both stores)'),
  KV_TLS_CACERT: v(text, '', 'CA file added to the system roots (both stores)'),
  KV_TLS_SKIP_HOSTNAME_VERIFICATION: v(bool, 'false', 'verify the chain but not the host name'),
  KV_PIPELINE_WINDOW: v(duration, '0', 'batch commands of concurrent requests for this long; 0 = per tick'),
  KV_PIPELINE_LIMIT: v(integer(0), '0', 'flush a batch at this many commands; 0 = no limit'),
  KV_CLUSTER_PIPELINE_PARALLELISM: v(integer(0), '1', 'cluster: key groups in flight; 0 = pool size'),
  KV_TIMEOUT: v(duration, '300ms', 'ours: store timeout, fail fast (Envoy: 10s dial timeout)'),
  KV_POOL_ON_EMPTY_BEHAVIOR: v(poolOnEmptyBehavior, 'WAIT', 'only WAIT (CREATE/ERROR are rejected)'),
  KV_INCREMENT_SCRIPT: v(
    autoOrBool,
    'auto',
    'ours: send a batch as one Lua script call: auto (on a Redis server that runs scripts), true, false',
  ),
  KV_HEALTH_CHECK_ACTIVE_CONNECTION: v(bool, 'false', 'unhealthy while no store connection is up'),
  KV_STARTUP_INITIAL_INTERVAL: v(duration, '1s', 'first wait between start-up connection attempts'),
  KV_STARTUP_MAX_INTERVAL: v(duration, '30s', 'largest wait between start-up connection attempts'),
  KV_STARTUP_MAX_ELAPSED_TIME: v(duration, '0', 'give up connecting at start after this; 0 = never'),
  KV_PERSECOND: v(bool, 'false', 'second store for limits whose unit is second'),
  KV_PERSECOND_URL: v(text, REFERENCE_REDIS_PERSECOND_URL, 'per-second store URL'),
  KV_PERSECOND_SOCKET_TYPE: v(choice('tcp', 'unix'), undefined, 'as KV_SOCKET_TYPE'),
  KV_PERSECOND_TYPE: v(choice('single', 'sentinel', 'cluster'), 'single', 'as KV_TYPE'),
  KV_PERSECOND_POOL_SIZE: v(integer(1), '10', 'as KV_POOL_SIZE'),
  KV_PERSECOND_AUTH: v(text, '', 'as KV_AUTH'),
  KV_PERSECOND_SENTINEL_AUTH: v(text, '', 'as KV_SENTINEL_AUTH'),
  KV_PERSECOND_TLS: v(bool, 'false', 'TLS to the per-second store (files from KV_TLS_*)'),
  KV_PERSECOND_PIPELINE_WINDOW: v(duration, '0', 'as KV_PIPELINE_WINDOW'),
  KV_PERSECOND_PIPELINE_LIMIT: v(integer(0), '0', 'as KV_PIPELINE_LIMIT'),
  KV_PERSECOND_CLUSTER_PIPELINE_PARALLELISM: v(integer(0), '1', 'as KV_CLUSTER_PIPELINE_PARALLELISM'),
  KV_PERSECOND_TIMEOUT: v(duration, '300ms', 'ours: as KV_TIMEOUT (Envoy: 10s)'),
  KV_PERSECOND_POOL_ON_EMPTY_BEHAVIOR: v(poolOnEmptyBehavior, 'WAIT', 'as KV_POOL_ON_EMPTY_BEHAVIOR'),
  // alternative store (memcached); each also answers to MEMCACHE_<rest>
  ALTCACHE_HOST_PORT: v(list, '', 'comma list of host:port (exclusive with ALTCACHE_SRV)'),
  ALTCACHE_SRV: v(text, '', 'SRV record listing the nodes'),
  ALTCACHE_SRV_REFRESH: v(duration, '0', 'SRV re-resolution interval; 0 = never'),
  ALTCACHE_MAX_IDLE_CONNS: v(integer(0), '2', 'idle connections per node'),
  ALTCACHE_TLS: v(bool, 'false', 'TLS to memcached'),
  ALTCACHE_TLS_CLIENT_CERT: v(text, '', 'client certificate file'),
  ALTCACHE_TLS_CLIENT_KEY: v(text, '', 'client key file'),
  ALTCACHE_TLS_CACERT: v(text, '', 'CA file'),
  ALTCACHE_TLS_SKIP_HOSTNAME_VERIFICATION: v(bool, 'false', 'verify the chain but not the host name'),
  // limits (all backends)
  CACHE_KEY_PREFIX: v(text, '', 'prefix of every counter key'),
  EXPIRATION_JITTER_MAX_SECONDS: v(integer(0), '300', 'random extra counter TTL, 0..this'),
  LOCAL_CACHE_SIZE_IN_BYTES: v(integer(0), '0', 'local over-limit cache size; 0 = off', [
    'LocalCacheSizeInBytes',
  ]),
  NEAR_LIMIT_RATIO: v(float(0, 1), '0.8', 'near_limit stat threshold, 0..1'),
  STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: v(bool, 'false', 'do not count hits of requests already over'),
  SHADOW_MODE: v(bool, 'false', 'global shadow mode: never answer OVER_LIMIT'),
  QUOTA_MODE: v(bool, 'false', 'global quota mode'),
  // response
  LIMIT_RESPONSE_HEADERS_ENABLED: v(bool, 'false', 'add RateLimit-* headers to responses'),
  LIMIT_LIMIT_HEADER: v(text, 'RateLimit-Limit', 'limit header name'),
  LIMIT_REMAINING_HEADER: v(text, 'RateLimit-Remaining', 'remaining header name'),
  LIMIT_RESET_HEADER: v(text, 'RateLimit-Reset', 'reset header name'),
  RESPONSE_DYNAMIC_METADATA: v(bool, 'false', 'return dynamic metadata'),
  // statistics
  DISABLE_STATS: v(bool, 'false', 'no statistics at all'),
  USE_PUSHSTATS: v(bool, 'true', 'push statsd; false (and no other sink): stdout', ['USE_STATSD']),
  STATSD_HOST: v(text, 'localhost', 'statsd host'),
  STATSD_PORT: v(port, '8125', 'statsd port'),
  USE_TAGGEDSTATS: v(bool, 'false', 'DogStatsD sink (needs USE_PUSHSTATS=false)', ['USE_DOG_STATSD']),
  TAGGEDSTATS_MOGRIFIERS: v(list, '', 'mogrifier names, see docs/observability.md', [
    'USE_DOG_STATSD_MOGRIFIERS',
  ]),
  USE_PULLSTATS: v(bool, 'false', 'Prometheus listener (needs USE_PUSHSTATS=false)', ['USE_PROMETHEUS']),
  PULLSTATS_ADDR: v(text, ':9090', 'Prometheus listen address', ['PROMETHEUS_ADDR']),
  PULLSTATS_PATH: v(text, '/metrics', 'Prometheus path', ['PROMETHEUS_PATH']),
  PULLSTATS_MAPPER_YAML: v(text, '', 'statsd-to-Prometheus mapping file; empty = built in', [
    'PROMETHEUS_MAPPER_YAML',
  ]),
  PULLSTATS_RESPONSE_TIME_AS_MILLISECONDS: v(bool, 'false', 'response_time histogram in ms', [
    'PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS',
  ]),
  EXTRA_TAGS: v(colonMap, '', 'tags on every statistic, k:v,k2:v2'),
  STATS_FLUSH_INTERVAL: v(duration, '10s', 'push interval'),
  STATS_MAX_KEYS: v(integer(1), '10000', 'ours: cap on distinct per-value stat keys'),
  // tracing
  TRACING_ENABLED: v(bool, 'false', 'export OTLP spans'),
  TRACING_SERVICE_NAME: v(text, 'RateLimit', 'service.name'),
  TRACING_SERVICE_NAMESPACE: v(text, '', 'service.namespace'),
  TRACING_SERVICE_INSTANCE_ID: v(text, '', 'service.instance.id; empty = random UUID'),
  TRACING_EXPORTER_PROTOCOL: v(choice('http', 'grpc'), 'http', 'OTLP over http or grpc'),
  TRACING_SAMPLING_RATE: v(float(0, 1), '1', 'fraction of traces sampled, 0..1'),
  // health, shutdown, processes
  HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: v(bool, 'false', 'unhealthy until rules are loaded'),
  SHUTDOWN_DRAIN_SECONDS: v(integer(0), '15', 'ours: most time to finish in-flight requests after SIGTERM'),
  WORKERS: v(integer(1), '1', 'ours: processes sharing the ports (memory backend: 1)'),
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
