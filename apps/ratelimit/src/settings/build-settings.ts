// Flat parsed values -> the nested Settings object (no validation here; see check-settings.ts),
// read top to bottom like the Settings type: one mapping literal per group, then the groups that
// choose (the backend, the stats sink). A few lines past the usual file budget: the backend group
// stays with the rest of the mapping it is part of.
import type { VariableSources } from './read-variables';
import { REFERENCE_REDIS_URL, type VariableValues } from './settings-inventory';
import type {
  BackendSettings,
  BackendType,
  ConfigSourceSettings,
  Mogrifier,
  RedisSettings,
  Settings,
  SocketType,
  StatsSettings,
  StatsSink,
} from './settings-types';

/** Envoy's order (runner.go): disabled, then DogStatsD, statsd, Prometheus, else stdout. */
export function selectStatsSink(values: VariableValues): StatsSink {
  if (values.DISABLE_STATS) return 'disabled';
  if (values.USE_TAGGEDSTATS) return 'taggedstats';
  if (values.USE_PUSHSTATS) return 'pushstats';
  if (values.USE_PULLSTATS) return 'pullstats';
  return 'stdout';
}

/** One mapping literal per group: long, but flat and read top to bottom like the Settings type. */
export function buildSettings(
  values: VariableValues,
  sources: VariableSources,
  mogrifiers: readonly Mogrifier[],
): Settings {
  return {
    server: {
      host: values.HOST,
      port: values.PORT,
      grpcHost: values.GRPC_HOST,
      grpcPort: values.GRPC_PORT,
      grpcUds: values.GRPC_UDS,
      maxConnectionAgeMs: values.GRPC_MAX_CONNECTION_AGE,
      maxConnectionAgeGraceMs: values.GRPC_MAX_CONNECTION_AGE_GRACE,
      maxRequestBytes: values.MAX_REQUEST_BYTES,
      grpcMaxRecvMessageBytes: values.GRPC_MAX_RECV_MESSAGE_BYTES,
      grpcConnectionTimeoutMs: values.GRPC_CONNECTION_TIMEOUT,
      httpRequestTimeoutMs: values.HTTP_REQUEST_TIMEOUT,
      httpMaxConnections: values.HTTP_MAX_CONNECTIONS,
    },
    debug: {
      host: values.DEBUG_HOST,
      port: values.DEBUG_PORT,
      isConsoleEnabled: values.CONSOLE_ENABLED,
      allowedHosts: values.CONSOLE_ALLOWED_HOSTS,
    },
    log: { level: values.LOG_LEVEL, format: values.LOG_FORMAT },
    config: buildConfigSource(values),
    backend: buildBackendSettings(values, sources),
    limits: {
      cacheKeyPrefix: values.CACHE_KEY_PREFIX,
      expirationJitterMaxSeconds: values.EXPIRATION_JITTER_MAX_SECONDS,
      localCacheSizeBytes: values.LOCAL_CACHE_SIZE_IN_BYTES,
      nearLimitRatio: values.NEAR_LIMIT_RATIO,
      stopCacheKeyIncrementWhenOverlimit: values.STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT,
      shadowMode: values.SHADOW_MODE,
      quotaMode: values.QUOTA_MODE,
    },
    response: {
      headersEnabled: values.LIMIT_RESPONSE_HEADERS_ENABLED,
      limitHeader: values.LIMIT_LIMIT_HEADER,
      remainingHeader: values.LIMIT_REMAINING_HEADER,
      resetHeader: values.LIMIT_RESET_HEADER,
      dynamicMetadata: values.RESPONSE_DYNAMIC_METADATA,
    },
    stats: buildStats(values, mogrifiers),
    tracing: {
      enabled: values.TRACING_ENABLED,
      serviceName: values.TRACING_SERVICE_NAME,
      serviceNamespace: values.TRACING_SERVICE_NAMESPACE,
      serviceInstanceId: values.TRACING_SERVICE_INSTANCE_ID,
      exporterProtocol: values.TRACING_EXPORTER_PROTOCOL,
      samplingRate: values.TRACING_SAMPLING_RATE,
    },
    tls: {
      enabled: values.GRPC_SERVER_USE_TLS,
      certFile: values.GRPC_SERVER_TLS_CERT,
      keyFile: values.GRPC_SERVER_TLS_KEY,
      clientCaCertFile: values.GRPC_CLIENT_TLS_CACERT,
      clientSan: values.GRPC_CLIENT_TLS_SAN,
    },
    health: { healthyWithAtLeastOneConfigLoaded: values.HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED },
    shutdown: { drainSeconds: values.SHUTDOWN_DRAIN_SECONDS },
    workers: values.WORKERS,
  };
}

function buildConfigSource(values: VariableValues): ConfigSourceSettings {
  return {
    type: values.CONFIG_TYPE,
    forceStartWithoutInitialConfig: values.FORCE_START_WITHOUT_INITIAL_CONFIG,
    mergeDomainConfig: values.MERGE_DOMAIN_CONFIG,
    runtime: {
      root: values.RUNTIME_ROOT,
      subdirectory: values.RUNTIME_SUBDIRECTORY,
      appDirectory: values.RUNTIME_APPDIRECTORY,
      ignoreDotFiles: values.RUNTIME_IGNOREDOTFILES,
      watchRoot: values.RUNTIME_WATCH_ROOT,
      maxFileBytes: values.RULES_MAX_FILE_BYTES,
    },
    xds: {
      nodeId: values.CONFIG_GRPC_XDS_NODE_ID,
      nodeMetadata: values.CONFIG_GRPC_XDS_NODE_METADATA,
      serverUrl: values.CONFIG_GRPC_XDS_SERVER_URL,
      connectRetryIntervalMs: values.CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL,
      clientAdditionalHeaders: values.CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS,
      useTls: values.CONFIG_GRPC_XDS_SERVER_USE_TLS,
      tls: {
        certFile: values.CONFIG_GRPC_XDS_CLIENT_TLS_CERT,
        keyFile: values.CONFIG_GRPC_XDS_CLIENT_TLS_KEY,
        caCertFile: values.CONFIG_GRPC_XDS_SERVER_TLS_CACERT,
      },
      serverTlsSan: values.CONFIG_GRPC_XDS_SERVER_TLS_SAN,
      backoff: {
        initialIntervalMs: values.XDS_CLIENT_BACKOFF_INITIAL_INTERVAL,
        maxIntervalMs: values.XDS_CLIENT_BACKOFF_MAX_INTERVAL,
        randomFactor: values.XDS_CLIENT_BACKOFF_RANDOM_FACTOR,
        jitter: values.XDS_CLIENT_BACKOFF_JITTER,
      },
      maxMsgSizeBytes: values.XDS_CLIENT_MAX_MSG_SIZE_IN_BYTES,
      keepaliveTimeMs: values.CONFIG_GRPC_XDS_KEEPALIVE_TIME,
      keepaliveTimeoutMs: values.CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT,
    },
  };
}

function buildStats(values: VariableValues, mogrifiers: readonly Mogrifier[]): StatsSettings {
  return {
    sink: selectStatsSink(values),
    statsd: { host: values.STATSD_HOST, port: values.STATSD_PORT },
    tagged: { mogrifiers },
    pull: {
      addr: values.PULLSTATS_ADDR,
      path: values.PULLSTATS_PATH,
      mapperYaml: values.PULLSTATS_MAPPER_YAML,
      responseTimeAsMilliseconds: values.PULLSTATS_RESPONSE_TIME_AS_MILLISECONDS,
    },
    flushIntervalMs: values.STATS_FLUSH_INTERVAL,
    extraTags: values.EXTRA_TAGS,
    maxKeys: values.STATS_MAX_KEYS,
  };
}

// Backend group: which store (BACKEND_TYPE, or inferred), Redis main and per-second, memcached, memory.

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
    memory: { maxKeys: values.MEMORY_MAX_KEYS, maxBytes: values.MEMORY_MAX_BYTES },
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
