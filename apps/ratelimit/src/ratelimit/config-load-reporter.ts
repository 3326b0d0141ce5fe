// Counts and logs every rule load (docs/rules.md): `config_load_success` / `config_load_error`, and
// `Error loading new configuration: <msg>` like the reference. Subscribes when it is created,
// which Nest does before any module starts loading rules.
import type { RuleLoadEvent, RuleRegistry } from '@repo/rules';
import type { Logger } from 'pino';
import type { StatsService } from '../stats/stats.service';

export class ConfigLoadReporter {
  constructor(
    registry: RuleRegistry,
    private readonly stats: StatsService,
    private readonly logger: Logger,
  ) {
    registry.subscribe((event) => this.report(event));
  }

  private report(event: RuleLoadEvent): void {
    if (event.ok) {
      this.stats.configLoadSuccess.add();
      this.logger.info(
        `successfully loaded new configuration: ${event.domainCount} domain(s) from ${event.configCount} source(s)`,
      );
      for (const warning of event.warnings) this.logger.warn(warning);
    } else {
      this.stats.configLoadError.add();
      this.logger.error(`Error loading new configuration: ${event.message}`);
    }
  }
}

export const CONFIG_LOAD_REPORTER = Symbol('CONFIG_LOAD_REPORTER');
