// The statistics sink's lifetime in the app (docs/development.md#start-up-and-shutdown): opened
// while the modules initialise (before any listener), flushed every STATS_FLUSH_INTERVAL (timer
// samples at least every second), and, once the app has shut down, flushed a last time and
// closed.
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, STATS } from '../../core-tokens';
import { SETTINGS, type Settings } from '../../settings/settings';
import type { StatsService } from '../stats.service';
import { flushStats, flushTimers } from './flush-stats';
import { openStatsSink, type OpenedSink } from './open-stats-sink';
import type { PrometheusSink } from './prometheus/prometheus-sink';

const MAX_TIMER_FLUSH_MS = 1000;

@Injectable()
export class StatsSinkLifecycle implements OnModuleInit, OnApplicationShutdown {
  private opened: OpenedSink | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping: Promise<void> | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(STATS) private readonly stats: StatsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The pull sink whose registry PrometheusListener serves; undefined for the other sinks. */
  get prometheus(): PrometheusSink | undefined {
    return this.opened?.prometheus;
  }

  /** Every count so far into the sink (a scrape runs it first). */
  readonly flush = (): void => {
    if (this.opened !== undefined) flushStats(this.stats.store, this.opened.sink);
  };

  onModuleInit(): void {
    const opened = openStatsSink(this.settings, this.logger, this.stats);
    if (opened === undefined) return;
    this.opened = opened;
    const { flushIntervalMs } = this.settings.stats;
    this.timers.push(setInterval(this.flush, flushIntervalMs));
    if (flushIntervalMs > MAX_TIMER_FLUSH_MS) {
      this.timers.push(setInterval(() => flushTimers(this.stats.store, opened.sink), MAX_TIMER_FLUSH_MS));
    }
    for (const timer of this.timers) timer.unref();
    this.logger.info(`stats: ${opened.description}, flushed every ${flushIntervalMs} ms`);
  }

  onApplicationShutdown(): Promise<void> {
    return (this.stopping ??= this.stop());
  }

  private async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.flush();
    await this.opened?.close();
  }
}
