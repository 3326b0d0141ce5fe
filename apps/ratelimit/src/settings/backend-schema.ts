// The backend's part of the settings schema (settings-schema.ts): which store, Redis (main and
// per-second), memcached, memory. Every KV_* also answers to REDIS_*, every ALTCACHE_* to MEMCACHE_*.
// prettier-ignore
import { autoOrBool, backendType, bool, choice, duration, integer, list, optional, poolOnEmptyBehavior, text } from './go-values';
import { compat, derived, v, when, type DeriveContext, type InputValues } from './setting';

const REFERENCE_REDIS_URL = '/var/run/nutcracker/ratelimit.sock';
// A pool of N connections per store measured slower than one connection (docs/stores.md).
const ONE_CONNECTION =
  'one connection per store carries every command, batched per event-loop turn (docs/stores.md#connections-per-store)';
const NO_POOL =
  'there is no pool to wait for: KV_TIMEOUT bounds every store call (docs/stores.md#connections-per-store)';
const [socketType, redisType] = [choice('tcp', 'unix'), choice('single', 'sentinel', 'cluster')];

// prettier-ignore
const SELECTION = {
  type: v('BACKEND_TYPE', backendType, undefined, 'redis, memcache (or memcached), memory; unset: redis if KV_URL is set, else memory'),
  url: v('KV_URL', text, undefined, 'host:port, redis[s]://URL, unix path; sentinel/cluster: comma list'),
};
const KV_PERSECOND_URL = v(
  'KV_PERSECOND_URL',
  text,
  '/var/run/nutcracker/ratelimitpersecond.sock',
  'per-second store URL',
);

/** BACKEND_TYPE; unset: redis if a KV/REDIS URL is set, else memory. The message is logged at start-up. */
function selectBackend(
  { type, url }: InputValues<typeof SELECTION>,
  { sources }: DeriveContext<typeof SELECTION>,
) {
  if (type !== undefined) {
    return {
      type,
      rule: 'explicit' as const,
      message: `backend ${type}: set by ${sources.type.name}=${sources.type.raw}`,
    };
  }
  if (url !== undefined) {
    const message = `backend redis: BACKEND_TYPE is unset and ${sources.url.name} is set`;
    return { type: 'redis' as const, rule: 'url-set' as const, message };
  }
  const message =
    'backend memory: BACKEND_TYPE is unset and neither KV_URL nor REDIS_URL is set (in-process counters, one instance only)';
  return { type: 'memory' as const, rule: 'no-url' as const, message };
}

/** Unset socket type: unix for socket paths (`/...` or `unix:...`), tcp for everything else. */
const inferSocketType = (url: string) => (url.startsWith('/') || url.startsWith('unix:') ? 'unix' : 'tcp');

/** TLS files of both stores, shaped as the store's TLS options (a `when` group: present = TLS on). */
// prettier-ignore
const REDIS_TLS_FILES = {
  clientCertPath: v('KV_TLS_CLIENT_CERT', optional, '', 'client certificate file (both stores)'),
  clientKeyPath: v('KV_TLS_CLIENT_KEY', optional, '', 'client key file (both stores)'),
  caCertPath: v('KV_TLS_CACERT', optional, '', 'CA file added to the system roots (both stores)'),
  skipHostnameVerification: v('KV_TLS_SKIP_HOSTNAME_VERIFICATION', bool, 'false', 'verify the chain but not the host name'),
};

// prettier-ignore
const INCREMENT_SCRIPT = v('KV_INCREMENT_SCRIPT', autoOrBool, 'auto', 'ours: one Lua call per batch: auto (plain Redis that runs scripts), true, false');
// Memcached's commands are bounded by the same variable (Envoy has none for memcached).
// prettier-ignore
const KV_TIMEOUT = v('KV_TIMEOUT', duration, '300ms', 'ours: store timeout, fail fast (Envoy: 10s dial timeout)');

// Each store's group is shaped as the storage library's options of that store, field names
// included, and handed over whole (library-options.ts).
// One line per variable, read as a table (prettier would spread most over five).
// prettier-ignore
export const BACKEND_SCHEMA = {
  type: derived(SELECTION, (values, context) => selectBackend(values, context).type),
  selection: derived(SELECTION, (values, context) => ({ rule: selectBackend(values, context).rule, message: selectBackend(values, context).message })),
  redis: {
    main: {
      // Envoy's default socket path stays the default, so BACKEND_TYPE=redis alone behaves as there.
      url: derived({ url: SELECTION.url }, ({ url }) => url ?? REFERENCE_REDIS_URL),
      socketType: derived(
        { url: SELECTION.url, socketType: v('KV_SOCKET_TYPE', socketType, undefined, 'tcp or unix; unset: unix for / or unix: URLs') },
        ({ url, socketType }) => socketType ?? inferSocketType(url ?? REFERENCE_REDIS_URL),
      ),
      type: v('KV_TYPE', redisType, 'single', 'single, sentinel or cluster'),
      poolSize: compat(ONE_CONNECTION, 'KV_POOL_SIZE', integer(1), '10', 'one connection per store'),
      auth: v('KV_AUTH', optional, '', 'password or user:password'),
      sentinelAuth: v('KV_SENTINEL_AUTH', optional, '', 'password or user:password for the sentinels'),
      tls: when(v('KV_TLS', bool, 'false', 'TLS to the store'), REDIS_TLS_FILES),
      incrementScript: INCREMENT_SCRIPT,
      pipelineWindowMs: v('KV_PIPELINE_WINDOW', duration, '0', 'batch commands of concurrent requests for this long; 0 = per tick'),
      pipelineLimit: v('KV_PIPELINE_LIMIT', integer(0), '0', 'flush a batch at this many commands; 0 = no limit'),
      clusterPipelineParallelism: compat(ONE_CONNECTION, 'KV_CLUSTER_PIPELINE_PARALLELISM', integer(0), '1', 'key groups always go out in parallel'),
      timeoutMs: KV_TIMEOUT,
      poolOnEmptyBehavior: compat(NO_POOL, 'KV_POOL_ON_EMPTY_BEHAVIOR', poolOnEmptyBehavior, 'WAIT', 'only WAIT (CREATE/ERROR are rejected)'),
    },
    healthCheckActiveConnection: v('KV_HEALTH_CHECK_ACTIVE_CONNECTION', bool, 'false', 'unhealthy while no store connection is up'),
    startup: {
      initialIntervalMs: v('KV_STARTUP_INITIAL_INTERVAL', duration, '1s', 'first wait between start-up connection attempts'),
      maxIntervalMs: v('KV_STARTUP_MAX_INTERVAL', duration, '30s', 'largest wait between start-up connection attempts'),
      maxElapsedMs: v('KV_STARTUP_MAX_ELAPSED_TIME', duration, '0', 'give up connecting at start after this; 0 = never'),
    },
    perSecond: when(v('KV_PERSECOND', bool, 'false', 'second store for limits whose unit is second'), {
      url: KV_PERSECOND_URL,
      socketType: derived(
        { url: KV_PERSECOND_URL, socketType: v('KV_PERSECOND_SOCKET_TYPE', socketType, undefined, 'as KV_SOCKET_TYPE') },
        ({ url, socketType }) => socketType ?? inferSocketType(url),
      ),
      type: v('KV_PERSECOND_TYPE', redisType, 'single', 'as KV_TYPE'),
      poolSize: compat(ONE_CONNECTION, 'KV_PERSECOND_POOL_SIZE', integer(1), '10', 'as KV_POOL_SIZE'),
      auth: v('KV_PERSECOND_AUTH', optional, '', 'as KV_AUTH'),
      sentinelAuth: v('KV_PERSECOND_SENTINEL_AUTH', optional, '', 'as KV_SENTINEL_AUTH'),
      tls: when(v('KV_PERSECOND_TLS', bool, 'false', 'TLS to the per-second store (files from KV_TLS_*)'), REDIS_TLS_FILES),
      incrementScript: INCREMENT_SCRIPT,
      pipelineWindowMs: v('KV_PERSECOND_PIPELINE_WINDOW', duration, '0', 'as KV_PIPELINE_WINDOW'),
      pipelineLimit: v('KV_PERSECOND_PIPELINE_LIMIT', integer(0), '0', 'as KV_PIPELINE_LIMIT'),
      clusterPipelineParallelism: compat(ONE_CONNECTION, 'KV_PERSECOND_CLUSTER_PIPELINE_PARALLELISM', integer(0), '1', 'as KV_CLUSTER_PIPELINE_PARALLELISM'),
      timeoutMs: v('KV_PERSECOND_TIMEOUT', duration, '300ms', 'ours: as KV_TIMEOUT (Envoy: 10s)'),
      poolOnEmptyBehavior: compat(NO_POOL, 'KV_PERSECOND_POOL_ON_EMPTY_BEHAVIOR', poolOnEmptyBehavior, 'WAIT', 'as KV_POOL_ON_EMPTY_BEHAVIOR'),
    }),
  },
  memcache: {
    hostPorts: v('ALTCACHE_HOST_PORT', list, '', 'comma list of host:port (exclusive with ALTCACHE_SRV)'),
    srv: v('ALTCACHE_SRV', optional, '', 'SRV record listing the nodes'),
    srvRefreshMs: v('ALTCACHE_SRV_REFRESH', duration, '0', 'SRV re-resolution interval; 0 = never'),
    maxIdleConnections: v('ALTCACHE_MAX_IDLE_CONNS', integer(0), '2', 'idle connections per node'),
    tls: when(v('ALTCACHE_TLS', bool, 'false', 'TLS to memcached'), {
      clientCertPath: v('ALTCACHE_TLS_CLIENT_CERT', optional, '', 'client certificate file'),
      clientKeyPath: v('ALTCACHE_TLS_CLIENT_KEY', optional, '', 'client key file'),
      caCertPath: v('ALTCACHE_TLS_CACERT', optional, '', 'CA file'),
      skipHostnameVerification: v('ALTCACHE_TLS_SKIP_HOSTNAME_VERIFICATION', bool, 'false', 'verify the chain but not the host name'),
    }),
    timeoutMs: KV_TIMEOUT,
  },
  memory: {
    maxKeys: v('MEMORY_MAX_KEYS', integer(1), '1000000', 'ours: most counters the memory backend keeps'),
    maxBytes: v('MEMORY_MAX_BYTES', integer(1), '67108864', 'ours: most bytes the memory backend counters take (64 MiB)'),
  },
};
