// Publishes the cached counting engines' numbers (ratelimit.cached.*, export-cached-counting-stats.ts)
// in every app, whatever the sink: /stats reads them with DISABLE_STATS too. The engines are read
// at each collection, so one created when the first cached limit is counted shows from then on.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CACHED_COUNTERS, type CachedCounters } from '@repo/storage';
import { STATS } from '../core-tokens';
import { exportCachedCountingStats } from './export-cached-counting-stats';
import type { StatsService } from './stats.service';

@Injectable()
export class CachedCountingStatsCollector implements OnModuleInit {
  constructor(
    @Inject(STATS) private readonly stats: StatsService,
    @Inject(CACHED_COUNTERS) private readonly cachedCounters: CachedCounters,
  ) {}

  onModuleInit(): void {
    exportCachedCountingStats(this.stats.store, () => this.cachedCounters.engines());
  }
}
