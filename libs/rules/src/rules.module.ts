// The only Nest file of the rules library: RulesModule.forRoot(options) provides RULE_REGISTRY,
// loads the rules while the app initialises (so no port opens before the first load attempt of a
// file source) and stops the source on shutdown.
import {
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { createRuleSource } from './create-rule-source';
import { RuleRegistry } from './rule-registry';
import type { RulesModuleOptions } from './rules-module-options';

export const RULE_REGISTRY = Symbol('RULE_REGISTRY');
export const RULES_MODULE_OPTIONS = Symbol('RULES_MODULE_OPTIONS');

@Module({})
export class RulesModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(RULE_REGISTRY) private readonly registry: RuleRegistry,
    @Inject(RULES_MODULE_OPTIONS) private readonly options: RulesModuleOptions,
  ) {}

  static forRoot(options: RulesModuleOptions): DynamicModule {
    return {
      module: RulesModule,
      global: true,
      providers: [
        { provide: RULES_MODULE_OPTIONS, useValue: options },
        {
          provide: RULE_REGISTRY,
          useFactory: (moduleOptions: RulesModuleOptions) =>
            new RuleRegistry(
              createRuleSource(
                moduleOptions.source,
                moduleOptions.unsupportedAlgorithms,
                moduleOptions.waitForInitialRules !== false,
              ),
              {
                mergeDomainConfigs: moduleOptions.source.mergeDomainConfigs,
                unsupportedAlgorithms: moduleOptions.unsupportedAlgorithms,
              },
            ),
          inject: [RULES_MODULE_OPTIONS],
        },
      ],
      exports: [RULE_REGISTRY],
    };
  }

  async onModuleInit(): Promise<void> {
    if (this.options.waitForInitialRules !== false) return this.registry.start();
    // Not awaited: a source that fails to start is reported as a failed load event instead.
    this.registry.start().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.registry.stop();
  }
}
