// The service's module tree, built from one parsed Settings object (read once, at start-up). The libraries
// get plain options from it (library-options.ts); nothing below reads the environment. Which providers run is
// chosen by the settings (the store by BACKEND_TYPE, the statistics sink, tracing, the console),
// and each runs its own start and stop in Nest's lifecycle (docs/development.md#start-up-and-shutdown).
import {
  Inject,
  Module,
  RequestMethod,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { RulesModule } from '@repo/rules';
import { COUNTER_STORE, StorageModule, type CounterStore, type StorageModuleOptions } from '@repo/storage';
import { ConsoleModule } from './console/console.module';
import { CoreModule, type CoreDependencies } from './core.module';
import { LOGGER } from './core-tokens';
import { DebugListenerModule } from './debug/debug-listener.module';
import { HealthModule } from './health/health.module';
import { toCompileOptions, toRulesOptions, toStoreOptions } from './library-options';
import { buildLoggerModuleParams } from './logging/create-logger';
import type { Settings } from './settings/settings';
import { StatsSinkModule } from './stats/sinks/stats-sink.module';
import { TracingModule } from './tracing/tracing.module';
import { TransportModule } from './transport/transport.module';

@Module({})
export class AppModule implements OnApplicationBootstrap {
  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Nest runs the hooks of the modules below in order of depth, and of these imports in the order
   * written: the global ones (core with the settings, rules, store, console) initialise first and stop
   * last; then the statistics sink and tracing start, and the Prometheus, gRPC and debug listeners
   * open once the app is initialised, before HTTP listens. On shutdown: unhealthy and the HTTP
   * deadline armed, then gRPC drains, then Nest closes HTTP, then the other listeners, the sink,
   * tracing, the store and the rule source close (docs/development.md#start-up-and-shutdown).
   */
  static forRoot(settings: Settings, dependencies: CoreDependencies): DynamicModule {
    const { logger, clock, random, stats } = dependencies;
    const storeOptions = toStoreOptions(settings, {
      now: () => clock.nowMs(),
      random: () => random.next(),
      onEvent: (name, tags, value) => stats.store.counter(storeEventName(name, tags)).add(value ?? 1),
    });
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(settings, dependencies),
        LoggerModule.forRoot({
          ...buildLoggerModuleParams(logger),
          // The hot route gets no per-request logger: a child logger per call costs CPU on every decision.
          exclude: [{ method: RequestMethod.ALL, path: 'json' }],
        }),
        RulesModule.forRoot(toRulesOptions(settings, logger, () => random.next())),
        StorageModule.forRoot(storeOptions, { cachedCounting: cachedCountingOptions(settings, logger) }),
        ...(settings.debug.isConsoleEnabled ? [ConsoleModule.forRoot(toCompileOptions(settings))] : []),
        StatsSinkModule.forRoot(settings),
        TracingModule.forRoot(settings.tracing),
        HealthModule,
        TransportModule,
        DebugListenerModule,
      ],
    };
  }

  /** Once the listeners but HTTP are open: how the store chose to increment, when it has a choice. */
  onApplicationBootstrap(): void {
    const modes = this.store.incrementModes?.();
    if (modes !== undefined)
      this.logger.info(`redis increments (KV_INCREMENT_SCRIPT): ${JSON.stringify(modes)}`);
  }
}

/**
 * CACHED_COUNTING_*; at shutdown the hits the engines could not send (the store unreachable) are
 * logged, as they are lost with the process (docs/stores.md#cached-counting).
 */
function cachedCountingOptions(settings: Settings, logger: Logger): StorageModuleOptions['cachedCounting'] {
  return {
    ...settings.limits.cachedCounting,
    onClosed: (unflushedHits) => {
      for (const [store, hits] of Object.entries(unflushedHits)) {
        if (hits === 0)
          logger.info(`cached counting: every pending hit of store ${store} flushed at shutdown`);
        else
          logger.error(
            `cached counting: ${hits} hits of store ${store} not flushed at shutdown (the store did not answer)`,
          );
      }
    },
  };
}

/** `memcache.multiget` + `{code: 'error'}` -> `ratelimit.memcache.multiget.__code=error` (gostats tag form). */
function storeEventName(name: string, tags: Readonly<Record<string, string>> | undefined): string {
  let full = `ratelimit.${name}`;
  for (const [key, value] of Object.entries(tags ?? {})) full += `.__${key}=${value}`;
  return full;
}
