// The operator's console (docs/console.md), with CONSOLE_ENABLED: its state (OperatorConsole),
// which observes the decision service's over-limit answers (DecisionObservers) to learn who is
// limited, and the page with its JSON API, which the debug listener serves (under DEBUG_CONSOLE).
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { RULE_REGISTRY, type CompileOptions, type RuleRegistry } from '@repo/rules';
import { CLOCK, type Clock } from '../clock';
import { STATS } from '../core-tokens';
import { DEBUG_CONSOLE } from '../debug/debug-listener';
import { DecisionObservers } from '../ratelimit/decision-observers';
import { RateLimitModule } from '../ratelimit/ratelimit.module';
import { RateLimitService } from '../ratelimit/ratelimit.service';
import { SETTINGS, type Settings } from '../settings/settings';
import type { StatsService } from '../stats/stats.service';
import { ConsoleApi } from './console-api';
import { consoleOrigin } from './console-origin';
import { LimitedValuesObserver } from './limited-values-observer';
import { OPERATOR_CONSOLE, OperatorConsole } from './operator-console';

@Global()
@Module({})
export class ConsoleModule {
  /** `compileOptions`: how the rules check compiles a file, as the rule source does. */
  static forRoot(compileOptions: CompileOptions): DynamicModule {
    return {
      module: ConsoleModule,
      imports: [RateLimitModule],
      providers: [
        {
          provide: OPERATOR_CONSOLE,
          useFactory: (
            registry: RuleRegistry,
            stats: StatsService,
            clock: Clock,
            observers: DecisionObservers,
          ) => {
            const operatorConsole = new OperatorConsole(registry, stats, clock);
            observers.subscribe(new LimitedValuesObserver(operatorConsole.limited));
            return operatorConsole;
          },
          inject: [RULE_REGISTRY, STATS, CLOCK, DecisionObservers],
        },
        {
          provide: DEBUG_CONSOLE,
          useFactory: (
            operatorConsole: OperatorConsole,
            registry: RuleRegistry,
            settings: Settings,
            clock: Clock,
            service: RateLimitService,
          ) =>
            new ConsoleApi({
              console: operatorConsole,
              registry,
              origin: consoleOrigin(settings),
              compileOptions,
              clock,
              decide: (request) => service.shouldRateLimit(request),
            }),
          inject: [OPERATOR_CONSOLE, RULE_REGISTRY, SETTINGS, CLOCK, RateLimitService],
        },
      ],
      exports: [OPERATOR_CONSOLE, DEBUG_CONSOLE],
    };
  }
}
