import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OverLimitCache } from '@repo/storage';
import { exportLocalCacheGauges } from './export-local-cache-gauges';
import { StatsStore } from './stats-store';

describe(exportLocalCacheGauges.name, () => {
  it('copies the local cache counters into ratelimit.localcache.* gauges at each dump/flush', () => {
    const store = new StatsStore();
    const cache = new OverLimitCache({ sizeBytes: 0, now: () => 1000 });
    exportLocalCacheGauges(store, cache);
    cache.markOverLimit('k', 1, 60);
    cache.isOverLimit('k', 1);
    cache.isOverLimit('other', 1);
    assert.equal(
      store.dump(),
      [
        'ratelimit.localcache.entryCount: 1',
        'ratelimit.localcache.evacuateCount: 0',
        'ratelimit.localcache.expiredCount: 0',
        'ratelimit.localcache.hitCount: 1',
        'ratelimit.localcache.lookupCount: 2',
        'ratelimit.localcache.missCount: 1',
        'ratelimit.localcache.overwriteCount: 0',
        '',
      ].join('\n'),
    );
  });
});
