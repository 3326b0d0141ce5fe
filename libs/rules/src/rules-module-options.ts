// Options of RulesModule.forRoot(): the app maps its Settings (RUNTIME_*, MERGE_DOMAIN_CONFIG,
// CONFIG_TYPE, CONFIG_GRPC_XDS_*) to one of these; the library never reads the environment.
import type { UnsupportedAlgorithms } from './compile-algorithm';
import type { FileRuleSourceOptions } from './sources/file-rule-source';
import type { XdsRuleSourceOptions } from './sources/xds-rule-source';

/** CONFIG_TYPE=FILE. */
export interface FileRulesSourceConfig extends FileRuleSourceOptions {
  readonly type: 'file';
  /** MERGE_DOMAIN_CONFIG. */
  readonly mergeDomainConfigs: boolean;
}

/** CONFIG_TYPE=GRPC_XDS_SOTW (settings defined by the xDS source). */
export interface XdsRulesSourceConfig extends XdsRuleSourceOptions {
  readonly type: 'xds';
  /** MERGE_DOMAIN_CONFIG. */
  readonly mergeDomainConfigs: boolean;
}

export type RulesSourceConfig = FileRulesSourceConfig | XdsRulesSourceConfig;

export interface RulesModuleOptions {
  readonly source: RulesSourceConfig;
  /**
   * Hold the app's initialisation until the source's first load attempt (default true). Map
   * FORCE_START_WITHOUT_INITIAL_CONFIG=true to false: the app then starts at once and requests
   * fail with "no rate limit configuration loaded" until rules arrive.
   */
  readonly waitForInitialRules?: boolean;
  /**
   * Algorithms the counter store cannot run, each with the error a rule using it gets
   * (memcached and token buckets). A load with such a rule fails; the rules in force stay.
   */
  readonly unsupportedAlgorithms?: UnsupportedAlgorithms;
}
