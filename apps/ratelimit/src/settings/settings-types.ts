// The typed, nested, frozen result of parseSettings(env). Every field comes from one variable of
// the inventory (settings-inventory.ts); durations are milliseconds, sizes bytes.

export type LogrusLevel = 'trace' | 'debug' | 'info' | 'warning' | 'error' | 'fatal' | 'panic';
export type LogFormat = 'text' | 'json';
export type ConfigType = 'FILE' | 'GRPC_XDS_SOTW';
export type BackendType = 'redis' | 'memcache' | 'memory';
export type RedisType = 'single' | 'sentinel' | 'cluster';
export type SocketType = 'tcp' | 'unix';
export type StatsSink = 'pushstats' | 'taggedstats' | 'pullstats' | 'stdout' | 'disabled';
export type TracingProtocol = 'http' | 'grpc';
/** Which rule picked the backend: BACKEND_TYPE itself, a KV/REDIS URL being set, or neither. */
export type BackendSelectionRule = 'explicit' | 'url-set' | 'no-url';

export interface ServerSettings {
  readonly host: string;
  readonly port: number;
  readonly grpcHost: string;
  readonly grpcPort: number;
  /** Unix socket path for gRPC instead of grpcHost:grpcPort; '' = TCP. */
  readonly grpcUds: string;
  readonly maxConnectionAgeMs: number;
  readonly maxConnectionAgeGraceMs: number;
  /** Body limit of HTTP POST /json. */
  readonly maxRequestBytes: number;
  readonly grpcMaxRecvMessageBytes: number;
  /** GRPC_CONNECTION_TIMEOUT: a connection silent before its HTTP/2 SETTINGS is closed; 0 = never. */
  readonly grpcConnectionTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT: a slow client (slowloris) is cut off after this; 0 = never. */
  readonly httpRequestTimeoutMs: number;
  /**
   * HTTP_MAX_CONNECTIONS: open connections each HTTP listener (HTTP, debug, Prometheus) accepts;
   * more are closed at once. 0 = no limit.
   */
  readonly httpMaxConnections: number;
}

export interface ListenerSettings {
  readonly host: string;
  readonly port: number;
}

export interface DebugSettings extends ListenerSettings {
  /** CONSOLE_ENABLED: the operator console under /console (docs/console.md). */
  readonly isConsoleEnabled: boolean;
  /**
   * CONSOLE_ALLOWED_HOSTS: Host names (lower case, `name` = any port, or `name:port`) the debug
   * listener answers besides its own address, localhost, 127.0.0.1 and [::1] (docs/console.md).
   */
  readonly allowedHosts: readonly string[];
}

export interface LogSettings {
  readonly level: LogrusLevel;
  readonly format: LogFormat;
}

export interface TlsFiles {
  readonly certFile: string;
  readonly keyFile: string;
  readonly caCertFile: string;
}

export interface XdsSettings {
  readonly nodeId: string;
  readonly nodeMetadata: Readonly<Record<string, string>>;
  readonly serverUrl: string;
  readonly connectRetryIntervalMs: number;
  readonly clientAdditionalHeaders: Readonly<Record<string, string>>;
  readonly useTls: boolean;
  /** Client cert/key we present and the CA that verifies the xDS server. */
  readonly tls: TlsFiles;
  readonly serverTlsSan: string;
  readonly backoff: {
    readonly initialIntervalMs: number;
    readonly maxIntervalMs: number;
    readonly randomFactor: number;
    readonly jitter: boolean;
  };
  /** 0 = the gRPC default. */
  readonly maxMsgSizeBytes: number;
  /** HTTP/2 keepalive pings on the xDS connection; 0 = none. */
  readonly keepaliveTimeMs: number;
  readonly keepaliveTimeoutMs: number;
}

export interface ConfigSourceSettings {
  readonly type: ConfigType;
  readonly forceStartWithoutInitialConfig: boolean;
  readonly mergeDomainConfig: boolean;
  readonly runtime: {
    readonly root: string;
    readonly subdirectory: string;
    readonly appDirectory: string;
    readonly ignoreDotFiles: boolean;
    readonly watchRoot: boolean;
    /** RULES_MAX_FILE_BYTES. */
    readonly maxFileBytes: number;
  };
  readonly xds: XdsSettings;
}

export interface StoreTlsSettings extends TlsFiles {
  readonly enabled: boolean;
  readonly skipHostnameVerification: boolean;
}

export interface RedisSettings {
  readonly type: RedisType;
  readonly socketType: SocketType;
  /** host:port, redis[s]:// URL, unix path; sentinel: `master,host:port,...`; cluster: `host:port,...`. */
  readonly url: string;
  readonly poolSize: number;
  /** `password` or `user:password`. */
  readonly auth: string;
  readonly sentinelAuth: string;
  readonly tls: StoreTlsSettings;
  readonly pipelineWindowMs: number;
  readonly pipelineLimit: number;
  /** 0 = pool size. */
  readonly clusterPipelineParallelism: number;
  /** Per-command store timeout (fail fast); see KV_TIMEOUT. */
  readonly timeoutMs: number;
  readonly poolOnEmptyBehavior: 'WAIT';
  /** KV_INCREMENT_SCRIPT (shared by both stores): one Lua call per batch instead of INCRBY + EXPIRE per key. */
  readonly incrementScript: 'auto' | 'on' | 'off';
  readonly healthCheckActiveConnection: boolean;
  readonly startup: {
    readonly initialIntervalMs: number;
    readonly maxIntervalMs: number;
    /** 0 = retry forever. */
    readonly maxElapsedTimeMs: number;
  };
}

export interface MemcacheSettings {
  readonly hostPorts: readonly string[];
  readonly srv: string;
  /** 0 = never refresh. */
  readonly srvRefreshMs: number;
  readonly maxIdleConns: number;
  readonly tls: StoreTlsSettings;
}

export interface BackendSettings {
  readonly type: BackendType;
  readonly selection: { readonly rule: BackendSelectionRule; readonly message: string };
  readonly redis: RedisSettings;
  /** Present only when KV_PERSECOND=true. */
  readonly redisPerSecond: RedisSettings | undefined;
  readonly memcache: MemcacheSettings;
  readonly memory: { readonly maxKeys: number; readonly maxBytes: number };
}

export interface LimitSettings {
  readonly cacheKeyPrefix: string;
  readonly expirationJitterMaxSeconds: number;
  /** 0 = local over-limit cache disabled. */
  readonly localCacheSizeBytes: number;
  readonly nearLimitRatio: number;
  readonly stopCacheKeyIncrementWhenOverlimit: boolean;
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
}

export interface ResponseSettings {
  readonly headersEnabled: boolean;
  readonly limitHeader: string;
  readonly remainingHeader: string;
  readonly resetHeader: string;
  readonly dynamicMetadata: boolean;
}

export interface Mogrifier {
  readonly name: string;
  /** Regular expression source matched against the stat name. */
  readonly pattern: string;
  /** New metric name; may use $1, $2 ... */
  readonly metricName: string;
  readonly tags: Readonly<Record<string, string>>;
}

export interface StatsSettings {
  readonly sink: StatsSink;
  readonly statsd: ListenerSettings;
  readonly tagged: { readonly mogrifiers: readonly Mogrifier[] };
  readonly pull: {
    readonly addr: string;
    readonly path: string;
    /** '' = built-in mapping. */
    readonly mapperYaml: string;
    readonly responseTimeAsMilliseconds: boolean;
  };
  readonly flushIntervalMs: number;
  readonly extraTags: Readonly<Record<string, string>>;
  /** Cap on distinct per-value stat keys; new keys beyond it roll into one overflow key. */
  readonly maxKeys: number;
}

export interface TracingSettings {
  readonly enabled: boolean;
  readonly serviceName: string;
  readonly serviceNamespace: string;
  /** '' = a random UUIDv4 chosen by the tracing setup at start. */
  readonly serviceInstanceId: string;
  readonly exporterProtocol: TracingProtocol;
  readonly samplingRate: number;
}

export interface GrpcServerTlsSettings {
  readonly enabled: boolean;
  readonly certFile: string;
  readonly keyFile: string;
  /** Set = mutual TLS: client certificates are required and verified against it. */
  readonly clientCaCertFile: string;
  readonly clientSan: string;
}

export interface Settings {
  readonly server: ServerSettings;
  readonly debug: DebugSettings;
  readonly log: LogSettings;
  readonly config: ConfigSourceSettings;
  readonly backend: BackendSettings;
  readonly limits: LimitSettings;
  readonly response: ResponseSettings;
  readonly stats: StatsSettings;
  readonly tracing: TracingSettings;
  readonly tls: GrpcServerTlsSettings;
  readonly health: { readonly healthyWithAtLeastOneConfigLoaded: boolean };
  readonly shutdown: { readonly drainSeconds: number };
  readonly workers: number;
}
