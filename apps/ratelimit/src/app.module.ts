// The service's module tree, built from one parsed Settings object (read once, at start-up). The libraries
// get plain options mapped from it; nothing below reads the environment.
import { Module, RequestMethod, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { RulesModule } from '@repo/rules';
import { StorageModule } from '@repo/storage';
import { ConsoleModule } from './console/console.module';
import { CoreModule, type CoreDependencies } from './core.module';
import { HealthModule } from './health/health.module';
import { buildLoggerModuleParams } from './logging/create-logger';
import { SettingsModule } from './settings/settings.module';
import type { Settings } from './settings/settings';
import { toRulesOptions } from './to-rules-options';
import { toStoreOptions } from './to-store-options';
import { TransportModule } from './transport/transport.module';

@Module({})
export class AppModule {
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
        SettingsModule.forRoot(settings),
        CoreModule.forRoot(dependencies),
        LoggerModule.forRoot({
          ...buildLoggerModuleParams(logger),
          // The hot route gets no per-request logger: a child logger per call costs CPU on every decision.
          exclude: [{ method: RequestMethod.ALL, path: 'json' }],
        }),
        RulesModule.forRoot(toRulesOptions(settings, logger, () => random.next())),
        StorageModule.forRoot(storeOptions),
        ...(settings.debug.isConsoleEnabled ? [ConsoleModule] : []),
        HealthModule,
        TransportModule,
      ],
    };
  }
}

/** `memcache.multiget` + `{code: 'error'}` -> `ratelimit.memcache.multiget.__code=error` (gostats tag form). */
function storeEventName(name: string, tags: Readonly<Record<string, string>> | undefined): string {
  let full = `ratelimit.${name}`;
  for (const [key, value] of Object.entries(tags ?? {})) full += `.__${key}=${value}`;
  return full;
}
