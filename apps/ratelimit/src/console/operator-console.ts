// What the operator's console keeps in process (docs/console.md): the rule loads, the per-second
// traffic history sampled from the stats counters, and the values limited per rule. The sampler
// runs once a second, just after the second's end, whether or not anyone looks at the page.
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { RuleRegistry } from '@repo/rules';
import type { Clock } from '../clock';
import { LimitedValues } from './limited-values';
import { RuleLoadHistory } from './rule-load-history';
import { TrafficHistory, type TrafficSource } from './traffic-history';

/** Sample a few milliseconds after the second ends, so the whole second is in. */
const SAMPLE_DELAY_MS = 5;

export class OperatorConsole implements OnModuleInit, OnModuleDestroy {
  readonly limited = new LimitedValues();
  readonly traffic: TrafficHistory;
  readonly loads: RuleLoadHistory;
  private timer: NodeJS.Timeout | undefined;
  private isStopped = false;

  constructor(
    registry: RuleRegistry,
    stats: TrafficSource,
    private readonly clock: Clock,
  ) {
    this.traffic = new TrafficHistory(stats);
    this.loads = new RuleLoadHistory(registry, () => clock.nowMs());
  }

  onModuleInit(): void {
    this.traffic.sample(Math.floor(this.clock.nowMs() / 1000));
    this.scheduleSample();
  }

  onModuleDestroy(): void {
    this.isStopped = true;
    clearTimeout(this.timer);
  }

  private scheduleSample(): void {
    if (this.isStopped) return;
    const nowMs = this.clock.nowMs();
    const delayMs = 1000 - (nowMs % 1000) + SAMPLE_DELAY_MS;
    this.timer = setTimeout(() => {
      // the second that has just ended
      this.traffic.sample(Math.floor(this.clock.nowMs() / 1000) - 1);
      this.scheduleSample();
    }, delayMs);
    this.timer.unref();
  }
}

export const OPERATOR_CONSOLE = Symbol('OPERATOR_CONSOLE');
