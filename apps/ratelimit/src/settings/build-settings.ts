// Flat parsed values -> the nested Settings object (no validation here; see check-settings.ts).
import { buildBackendSettings } from './build-backend-settings';
import type { VariableSources } from './read-variables';
import type { VariableValues } from './settings-inventory';
import type { ConfigSourceSettings, Mogrifier, Settings, StatsSettings, StatsSink } from './settings-types';

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
    debug: { host: values.DEBUG_HOST, port: values.DEBUG_PORT, isConsoleEnabled: values.CONSOLE_ENABLED },
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
