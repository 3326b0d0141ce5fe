// App-wide objects created before Nest starts (main.ts or a test), provided to every module: the
// settings (parsed once; nothing in Nest reads the environment, and a test passes a Settings object
// built by parseSettings({...})), the logger, the clock and random source, and the statistics
// (the storage options already point at them).
import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, RANDOM, type Clock, type Random } from './clock';
import { LOGGER, STATS } from './core-tokens';
import { SETTINGS, type Settings } from './settings/settings';
import type { StatsService } from './stats/stats.service';

export interface CoreDependencies {
  readonly logger: Logger;
  readonly clock: Clock;
  readonly random: Random;
  readonly stats: StatsService;
}

@Global()
@Module({})
export class CoreModule {
  static forRoot(settings: Settings, dependencies: CoreDependencies): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: SETTINGS, useValue: settings },
        { provide: LOGGER, useValue: dependencies.logger },
        { provide: CLOCK, useValue: dependencies.clock },
        { provide: RANDOM, useValue: dependencies.random },
        { provide: STATS, useValue: dependencies.stats },
      ],
      exports: [SETTINGS, LOGGER, CLOCK, RANDOM, STATS],
    };
  }
}
