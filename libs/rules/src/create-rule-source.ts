// RulesSourceConfig -> the RuleSource that implements it (exhaustive over the variants).
import type { UnsupportedAlgorithms } from './compile-algorithm';
import type { RulesSourceConfig } from './rules-module-options';
import { FileRuleSource } from './sources/file-rule-source';
import type { RuleSource } from './sources/rule-source';
import { XdsRuleSource } from './sources/xds-rule-source';
import { compileXdsInWorker } from './worker/run-rules-worker';

export function createRuleSource(
  config: RulesSourceConfig,
  unsupportedAlgorithms?: UnsupportedAlgorithms,
  isFirstLoadBeforeServing = false,
): RuleSource {
  switch (config.type) {
    case 'file':
      return new FileRuleSource(
        config,
        { mergeDomainConfigs: config.mergeDomainConfigs, unsupportedAlgorithms },
        isFirstLoadBeforeServing,
      );
    case 'xds':
      return new XdsRuleSource({
        ...config,
        compile: (resources, signal) =>
          compileXdsInWorker(
            resources,
            { mergeDomainConfigs: config.mergeDomainConfigs, unsupportedAlgorithms },
            signal,
          ),
      });
  }
}
