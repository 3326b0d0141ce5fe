// The debug listener's lifetime in the app (docs/service.md, "Debug listener"): it opens after
// gRPC once the app is initialised, and closes once the app has shut down. The operator console's
// routes come from ConsoleModule under DEBUG_CONSOLE when CONSOLE_ENABLED is on.
import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import { LOGGER, STATS } from '../core-tokens';
import { listenerLimits, refusedConnectionWarning } from '../listener-limits';
import { SETTINGS, type Settings } from '../settings/settings';
import type { StatsService } from '../stats/stats.service';
import { DebugServer, type DebugSources } from './debug-server';
import { rulesDump } from './rules-dump';

/** Injection token of the console's routes on the debug listener (DebugSources['console']). */
export const DEBUG_CONSOLE = Symbol('DEBUG_CONSOLE');

@Injectable()
export class DebugListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server: DebugServer;
  private boundPort = 0;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) logger: Logger,
    @Inject(STATS) stats: StatsService,
    @Inject(RULE_REGISTRY) registry: RuleRegistry,
    @Optional() @Inject(DEBUG_CONSOLE) consoleRoutes?: DebugSources['console'],
  ) {
    const limits = listenerLimits(settings.server);
    const sources = {
      rulesDump: () => rulesDump(registry),
      statsDump: () => stats.store.dump(),
      console: consoleRoutes,
    };
    const refused = refusedConnectionWarning(logger, 'debug listener', limits.maxConnections);
    this.server = new DebugServer(sources, limits, refused, {
      listenerHost: settings.debug.host,
      allowedHosts: settings.debug.allowedHosts,
    });
  }

  /** The bound port (the chosen one when DEBUG_PORT is 0); 0 before it listens. */
  get port(): number {
    return this.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.boundPort = await this.server.listen(this.settings.debug.host, this.settings.debug.port);
  }

  onApplicationShutdown(): Promise<void> {
    return this.server.close();
  }
}
