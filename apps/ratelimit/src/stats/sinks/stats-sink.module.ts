// The statistics sink as a Nest module, its providers chosen by the settings: none with
// DISABLE_STATS, the sink's lifecycle otherwise, and with pull stats the Prometheus listener too.
// Whatever the sink, the cached counting engines' numbers are collected (also for /stats).
import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Settings } from '../../settings/settings';
import { CachedCountingStatsCollector } from '../cached-counting-stats-collector';
import { PrometheusListener } from './prometheus-listener';
import { StatsSinkLifecycle } from './stats-sink-lifecycle';

@Module({})
export class StatsSinkModule {
  static forRoot(settings: Settings): DynamicModule {
    const { sink } = settings.stats;
    const providers: Provider[] = [];
    if (sink !== 'disabled') providers.push(StatsSinkLifecycle);
    if (sink === 'pullstats') providers.push(PrometheusListener);
    return {
      module: StatsSinkModule,
      providers: [...providers, CachedCountingStatsCollector],
      exports: providers,
    };
  }
}
