// The operator's console state (OperatorConsole), global so the decision service can record the
// values it limits (under LIMITED_VALUES, which the service injects without knowing the console);
// the page and its JSON API are served by the debug listener (create-app.ts).
import { Global, Module } from '@nestjs/common';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import { CLOCK, type Clock } from '../clock';
import { LIMITED_VALUES, STATS } from '../core-tokens';
import type { StatsService } from '../stats/stats.service';
import { OPERATOR_CONSOLE, OperatorConsole } from './operator-console';

@Global()
@Module({
  providers: [
    {
      provide: OPERATOR_CONSOLE,
      useFactory: (registry: RuleRegistry, stats: StatsService, clock: Clock) =>
        new OperatorConsole(registry, stats, clock),
      inject: [RULE_REGISTRY, STATS, CLOCK],
    },
    {
      provide: LIMITED_VALUES,
      useFactory: (operatorConsole: OperatorConsole) => operatorConsole.limited,
      inject: [OPERATOR_CONSOLE],
    },
  ],
  exports: [OPERATOR_CONSOLE, LIMITED_VALUES],
})
export class ConsoleModule {}
