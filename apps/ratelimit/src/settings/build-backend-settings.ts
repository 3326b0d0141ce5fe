// Backend group: which store (BACKEND_TYPE, or inferred), Redis main and per-second, memcached, memory.
import type { VariableSources } from './read-variables';
import { REFERENCE_REDIS_URL, type VariableValues } from './settings-inventory';
import type { BackendSettings, BackendType, RedisSettings, SocketType } from './settings-types';

/**
 * BACKEND_TYPE when set; otherwise redis if a KV/REDIS URL is set, else the in-process memory
 * store. The message is the one start-up log line saying which rule chose.
 */
export function selectBackend(
  values: VariableValues,
  sources: VariableSources,
): BackendSettings['selection'] & {
  readonly type: BackendType;
} {
  if (values.BACKEND_TYPE !== undefined) {
    const { name, raw } = sources.BACKEND_TYPE;
    return {
      type: values.BACKEND_TYPE,
      rule: 'explicit',
      message: `backend ${values.BACKEND_TYPE}: set by ${name}=${raw}`,
    };
  }
  if (values.KV_URL !== undefined) {
    const message = `backend redis: BACKEND_TYPE is unset and ${sources.KV_URL.name} is set`;
    return { type: 'redis', rule: 'url-set', message };
  }
  const message =
    'backend memory: BACKEND_TYPE is unset and neither KV_URL nor REDIS_URL is set (in-process counters, one instance only)';
  return { type: 'memory', rule: 'no-url', message };
}

/** Unset socket type: unix for socket paths (`/...` or `unix:...`), tcp for everything else. */
export function inferSocketType(url: string): SocketType {
  return url.startsWith('/') || url.startsWith('unix:') ? 'unix' : 'tcp';
}

export function buildBackendSettings(values: VariableValues, sources: VariableSources): BackendSettings {
  const { type, rule, message } = selectBackend(values, sources);
  return {
    type,
    selection: { rule, message },
    redis: buildMainRedis(values),
    redisPerSecond: values.KV_PERSECOND ? buildPerSecondRedis(values) : undefined,
    memcache: {
      hostPorts: values.ALTCACHE_HOST_PORT,
      srv: values.ALTCACHE_SRV,
      srvRefreshMs: values.ALTCACHE_SRV_REFRESH,
      maxIdleConns: values.ALTCACHE_MAX_IDLE_CONNS,
      tls: {
        enabled: values.ALTCACHE_TLS,
        certFile: values.ALTCACHE_TLS_CLIENT_CERT,
        keyFile: values.ALTCACHE_TLS_CLIENT_KEY,
        caCertFile: values.ALTCACHE_TLS_CACERT,
        skipHostnameVerification: values.ALTCACHE_TLS_SKIP_HOSTNAME_VERIFICATION,
      },
    },
    memory: { maxKeys: values.MEMORY_MAX_KEYS },
  };
}

function buildMainRedis(values: VariableValues): RedisSettings {
  // Envoy's default socket path stays the default so BACKEND_TYPE=redis alone behaves as there.
  const url = values.KV_URL ?? REFERENCE_REDIS_URL;
  return {
    ...sharedRedis(values, values.KV_TLS),
    type: values.KV_TYPE,
    socketType: values.KV_SOCKET_TYPE ?? inferSocketType(url),
    url,
    poolSize: values.KV_POOL_SIZE,
    auth: values.KV_AUTH,
    sentinelAuth: values.KV_SENTINEL_AUTH,
    pipelineWindowMs: values.KV_PIPELINE_WINDOW,
    pipelineLimit: values.KV_PIPELINE_LIMIT,
    clusterPipelineParallelism: values.KV_CLUSTER_PIPELINE_PARALLELISM,
    timeoutMs: values.KV_TIMEOUT,
    poolOnEmptyBehavior: values.KV_POOL_ON_EMPTY_BEHAVIOR,
  };
}

function buildPerSecondRedis(values: VariableValues): RedisSettings {
  const url = values.KV_PERSECOND_URL;
  return {
    ...sharedRedis(values, values.KV_PERSECOND_TLS),
    type: values.KV_PERSECOND_TYPE,
    socketType: values.KV_PERSECOND_SOCKET_TYPE ?? inferSocketType(url),
    url,
    poolSize: values.KV_PERSECOND_POOL_SIZE,
    auth: values.KV_PERSECOND_AUTH,
    sentinelAuth: values.KV_PERSECOND_SENTINEL_AUTH,
    pipelineWindowMs: values.KV_PERSECOND_PIPELINE_WINDOW,
    pipelineLimit: values.KV_PERSECOND_PIPELINE_LIMIT,
    clusterPipelineParallelism: values.KV_PERSECOND_CLUSTER_PIPELINE_PARALLELISM,
    timeoutMs: values.KV_PERSECOND_TIMEOUT,
    poolOnEmptyBehavior: values.KV_PERSECOND_POOL_ON_EMPTY_BEHAVIOR,
  };
}

/** TLS files, health coupling and start-up retry are shared by both stores (as in Envoy). */
function sharedRedis(values: VariableValues, isTlsEnabled: boolean) {
  return {
    tls: {
      enabled: isTlsEnabled,
      certFile: values.KV_TLS_CLIENT_CERT,
      keyFile: values.KV_TLS_CLIENT_KEY,
      caCertFile: values.KV_TLS_CACERT,
      skipHostnameVerification: values.KV_TLS_SKIP_HOSTNAME_VERIFICATION,
    },
    healthCheckActiveConnection: values.KV_HEALTH_CHECK_ACTIVE_CONNECTION,
    incrementScript: values.KV_INCREMENT_SCRIPT,
    startup: {
      initialIntervalMs: values.KV_STARTUP_INITIAL_INTERVAL,
      maxIntervalMs: values.KV_STARTUP_MAX_INTERVAL,
      maxElapsedTimeMs: values.KV_STARTUP_MAX_ELAPSED_TIME,
    },
  };
}
