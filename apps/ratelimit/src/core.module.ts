// App-wide objects created before Nest starts (main.ts or a test): the logger, the clock and
// random source, and the statistics (the storage options already point at them).
import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, RANDOM, type Clock, type Random } from './clock';
import { LOGGER, STATS } from './core-tokens';
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
  static forRoot(dependencies: CoreDependencies): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: LOGGER, useValue: dependencies.logger },
        { provide: CLOCK, useValue: dependencies.clock },
        { provide: RANDOM, useValue: dependencies.random },
        { provide: STATS, useValue: dependencies.stats },
      ],
      exports: [LOGGER, CLOCK, RANDOM, STATS],
    };
  }
}
