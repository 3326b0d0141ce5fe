// Settings -> the libraries' options. The schema's groups are shaped as the options they feed
// (backend-schema.ts, settings-schema.ts), so each is handed over as it is; what is added here is
// what no variable says: the app's clock, randomness, logger and store events, and which
// algorithms the store in use cannot run.
import type { CompileOptions, Logger, RulesModuleOptions } from '@repo/rules';
import { STORE_CAPABILITIES, type CounterStoreOptions, type StorageEventListener } from '@repo/storage';
import { unsupportedAlgorithms } from './limiter/algorithms/counter-algorithms';
import type { Settings } from './settings/settings';

/** Expired memory counters are purged this often besides on access. */
const MEMORY_PURGE_INTERVAL_MS = 10_000;

export interface StoreDependencies {
  readonly now: () => number;
  readonly random: () => number;
  readonly onEvent?: StorageEventListener;
}

export function toStoreOptions(
  { backend, limits }: Settings,
  dependencies: StoreDependencies,
): CounterStoreOptions {
  const common = { ...dependencies, jitterMaxSeconds: limits.expirationJitterMaxSeconds };
  switch (backend.type) {
    case 'memory':
      return { ...common, backend: 'memory', ...backend.memory, purgeIntervalMs: MEMORY_PURGE_INTERVAL_MS };
    case 'redis':
      return { ...common, backend: 'redis', ...backend.redis };
    case 'memcache':
      return { ...common, backend: 'memcache', ...backend.memcache };
  }
}

/**
 * How a rules file compiles here, as the rule source compiles it (also the console's rules check):
 * a rule whose algorithm needs a primitive the store lacks (docs/algorithms.md#how-they-are-stored)
 * is a config error, so a load using one fails and the rules in force stay.
 */
export function toCompileOptions(settings: Settings): CompileOptions {
  const refused = unsupportedAlgorithms(STORE_CAPABILITIES[settings.backend.type]);
  return {
    mergeDomainConfigs: settings.config.mergeDomainConfig,
    ...(refused.size === 0 ? {} : { unsupportedAlgorithms: refused }),
  };
}

export function toRulesOptions(settings: Settings, logger: Logger, random: () => number): RulesModuleOptions {
  const { config } = settings;
  const { mergeDomainConfigs, ...refusals } = toCompileOptions(settings);
  const waitForInitialRules = !config.forceStartWithoutInitialConfig;
  const source =
    config.type === 'FILE'
      ? { type: 'file' as const, mergeDomainConfigs, ...config.runtime }
      : { type: 'xds' as const, mergeDomainConfigs, ...config.xds, random, logger };
  return { waitForInitialRules, ...refusals, source };
}
