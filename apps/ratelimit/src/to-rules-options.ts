// Settings -> RulesModule options (CONFIG_TYPE, RUNTIME_*, MERGE_DOMAIN_CONFIG, CONFIG_GRPC_XDS_*).
import type {
  CompileOptions,
  RulesModuleOptions,
  UnsupportedAlgorithms,
  Logger,
  XdsTlsOptions,
} from '@repo/rules';
import type { Settings, XdsSettings } from './settings/settings';

/**
 * memcached has no atomic read-modify-write that fits GCRA
 * (docs/algorithms.md#how-they-are-stored): token_bucket rules are a config error with that
 * backend, so a load using one fails and the rules in force stay.
 */
export const MEMCACHE_UNSUPPORTED_ALGORITHMS: UnsupportedAlgorithms = new Map([
  ['token_bucket', 'token_bucket needs the redis or memory backend'],
]);

/** How a rules file compiles here, as the rule source compiles it (the console's rules check). */
export function toCompileOptions(settings: Settings): CompileOptions {
  return {
    mergeDomainConfigs: settings.config.mergeDomainConfig,
    ...(settings.backend.type === 'memcache'
      ? { unsupportedAlgorithms: MEMCACHE_UNSUPPORTED_ALGORITHMS }
      : {}),
  };
}

export function toRulesOptions(settings: Settings, logger: Logger, random: () => number): RulesModuleOptions {
  const { config } = settings;
  const waitForInitialRules = !config.forceStartWithoutInitialConfig;
  // only memcached refuses an algorithm; the other stores run them all
  const storeLimits =
    settings.backend.type === 'memcache' ? { unsupportedAlgorithms: MEMCACHE_UNSUPPORTED_ALGORITHMS } : {};
  if (config.type === 'FILE') {
    return {
      waitForInitialRules,
      ...storeLimits,
      source: {
        type: 'file',
        mergeDomainConfigs: config.mergeDomainConfig,
        runtimeRoot: config.runtime.root,
        runtimeSubdirectory: config.runtime.subdirectory,
        runtimeAppDirectory: config.runtime.appDirectory,
        ignoreDotFiles: config.runtime.ignoreDotFiles,
        watchRoot: config.runtime.watchRoot,
        maxFileBytes: config.runtime.maxFileBytes,
      },
    };
  }
  const xds = config.xds;
  return {
    waitForInitialRules,
    ...storeLimits,
    source: {
      type: 'xds',
      mergeDomainConfigs: config.mergeDomainConfig,
      serverUrl: xds.serverUrl,
      additionalHeaders: xds.clientAdditionalHeaders,
      tls: xds.useTls ? xdsTls(xds) : undefined,
      maxReceiveMessageBytes: xds.maxMsgSizeBytes,
      keepaliveTimeMs: xds.keepaliveTimeMs,
      keepaliveTimeoutMs: xds.keepaliveTimeoutMs,
      nodeId: xds.nodeId,
      nodeMetadata: xds.nodeMetadata,
      backoff: {
        initialMs: xds.backoff.initialIntervalMs,
        maxMs: xds.backoff.maxIntervalMs,
        randomFactor: xds.backoff.randomFactor,
        jitter: xds.backoff.jitter,
      },
      random,
      logger,
    },
  };
}

function xdsTls(xds: XdsSettings): XdsTlsOptions {
  return {
    caCertPath: xds.tls.caCertFile || undefined,
    clientCertPath: xds.tls.certFile || undefined,
    clientKeyPath: xds.tls.keyFile || undefined,
    serverNameOverride: xds.serverTlsSan || undefined,
  };
}
