// Settings -> RulesModule options (CONFIG_TYPE, RUNTIME_*, MERGE_DOMAIN_CONFIG, CONFIG_GRPC_XDS_*).
import type { CompileOptions, RulesModuleOptions, Logger, XdsTlsOptions } from '@repo/rules';
import { STORE_CAPABILITIES } from '@repo/storage';
import { unsupportedAlgorithms } from './limiter/algorithms/counter-algorithms';
import type { Settings, XdsSettings } from './settings/settings';

/**
 * The algorithms whose store primitive the store in use lacks (docs/algorithms.md#how-they-are-stored)
 * are a config error, so a load using one fails and the rules in force stay.
 */
function storeLimits(settings: Settings): Pick<CompileOptions, 'unsupportedAlgorithms'> {
  const refused = unsupportedAlgorithms(STORE_CAPABILITIES[settings.backend.type]);
  return refused.size === 0 ? {} : { unsupportedAlgorithms: refused };
}

/** How a rules file compiles here, as the rule source compiles it (the console's rules check). */
export function toCompileOptions(settings: Settings): CompileOptions {
  return { mergeDomainConfigs: settings.config.mergeDomainConfig, ...storeLimits(settings) };
}

export function toRulesOptions(settings: Settings, logger: Logger, random: () => number): RulesModuleOptions {
  const { config } = settings;
  const waitForInitialRules = !config.forceStartWithoutInitialConfig;
  const refusals = storeLimits(settings);
  if (config.type === 'FILE') {
    return {
      waitForInitialRules,
      ...refusals,
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
    ...refusals,
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
