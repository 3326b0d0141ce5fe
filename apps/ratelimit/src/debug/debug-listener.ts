// The debug listener's lifetime in the app (docs/service.md, "Debug listener"): it opens after
// gRPC once the app is initialised, and closes once the app has shut down. Its routes are in
// debug-routes.ts; the operator console's come from ConsoleModule under DEBUG_CONSOLE when
// CONSOLE_ENABLED is on.
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
import { HttpListener } from '../http-listener';
import { SETTINGS, type Settings } from '../settings/settings';
import type { StatsService } from '../stats/stats.service';
import { debugRoutes, MAX_BODY_BYTES, type DebugSources } from './debug-routes';
import { CpuProfiler } from './cpu-profiler';
import { ProcessVarsReader } from './process-vars';
import { rulesDumpLines } from './rules-dump';

/** Injection token of the console's routes on the debug listener (DebugSources['console']). */
export const DEBUG_CONSOLE = Symbol('DEBUG_CONSOLE');

@Injectable()
export class DebugListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: HttpListener;
  private readonly vars = new ProcessVarsReader();
  private readonly cpuProfiler = new CpuProfiler();
  private boundPort = 0;

  /** The listener has the HTTP listener's limits (HTTP_REQUEST_TIMEOUT, HTTP_MAX_CONNECTIONS). */
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) logger: Logger,
    @Inject(STATS) stats: StatsService,
    @Inject(RULE_REGISTRY) registry: RuleRegistry,
    @Optional() @Inject(DEBUG_CONSOLE) consoleRoutes?: DebugSources['console'],
  ) {
    const sources = {
      rulesDump: () => rulesDumpLines(registry),
      statsDump: () => stats.store.dump(),
      vars: this.vars,
      cpuProfiler: this.cpuProfiler,
      console: consoleRoutes,
    };
    const policy = { listenerHost: settings.debug.host, allowedHosts: settings.debug.allowedHosts };
    this.listener = new HttpListener(debugRoutes(sources, policy), {
      server: settings.server,
      logger,
      name: 'debug listener',
      maxBodyBytes: MAX_BODY_BYTES,
    });
  }

  /** The bound port (the chosen one when DEBUG_PORT is 0); 0 before it listens. */
  get port(): number {
    return this.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.boundPort = await this.listener.listen(this.settings.debug.host, this.settings.debug.port);
  }

  onApplicationShutdown(): Promise<void> {
    this.vars.close();
    this.cpuProfiler.close();
    return this.listener.close();
  }
}
