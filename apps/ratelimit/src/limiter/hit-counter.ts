// Counts one request's hits in the store (spec §2.8, §2.12, §2.13): keys the local over-limit
// cache already knows are not sent; everything else goes to the store in one incrementMany call
// (one round trip per store, batched with concurrent requests by the store itself).
import type { RateLimitRule } from '@repo/rules';
import type { CounterStore, OverLimitCache } from '@repo/storage';
import { startStoreSpan, type StoreSpanOptions } from '../tracing/store-span';

export interface PendingHits {
  /** The counter key (buildCacheKey), including the window start. */
  readonly key: string;
  readonly addend: number;
  readonly rule: RateLimitRule;
}

export interface HitCounts {
  /** Per input, the count after the increment (0 for local-cache hits). */
  readonly after: number[];
  /** Per input, true when the local cache answered and the store was not asked. */
  readonly isLocalCacheHit: boolean[];
}

export interface HitCounterOptions {
  readonly store: CounterStore;
  /** LOCAL_CACHE_SIZE_IN_BYTES > 0. */
  readonly localCache: OverLimitCache | undefined;
  /** STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT (ignored by stores that increment asynchronously). */
  readonly stopIncrementWhenOverLimit: boolean;
  /** Names the store span while tracing is on; undefined = the memory store. */
  readonly storeSpan?: StoreSpanOptions;
}

export class HitCounter {
  constructor(private readonly options: HitCounterOptions) {}

  async count(hits: readonly PendingHits[]): Promise<HitCounts> {
    const isLocalCacheHit = this.checkLocalCache(hits);
    const sent: number[] = [];
    for (let i = 0; i < hits.length; i++) if (!isLocalCacheHit[i]) sent.push(i);
    const after = new Array<number>(hits.length).fill(0);
    if (sent.length === 0) return { after, isLocalCacheHit };
    const addends = this.options.stopIncrementWhenOverLimit
      ? await this.stopIncrementAddends(hits, sent, isLocalCacheHit)
      : undefined;
    const increments = sent.map((i) => ({
      key: hits[i].key,
      addend: addends === undefined ? hits[i].addend : addends[i],
      windowSeconds: hits[i].rule.unitSeconds,
    }));
    const span = startStoreSpan(this.options.storeSpan, increments);
    let counts: number[];
    try {
      counts = await this.options.store.incrementMany(increments);
    } finally {
      span?.end();
    }
    for (let j = 0; j < sent.length; j++) after[sent[j]] = counts[j];
    return { after, isLocalCacheHit };
  }

  /** Remembers a key that went over its limit for the rest of its window (§2.12). */
  markOverLimit(hits: PendingHits): void {
    this.options.localCache?.markOverLimit(hits.key, hits.rule.requestsPerUnit, hits.rule.unitSeconds);
  }

  private checkLocalCache(hits: readonly PendingHits[]): boolean[] {
    const cache = this.options.localCache;
    return hits.map((hit) => cache !== undefined && cache.isOverLimit(hit.key, hit.rule.requestsPerUnit));
  }

  /**
   * §2.13: when a key is already over (in the local cache, or its stored count plus the hits
   * exceeds the limit), only the keys over their limit count their hits and the others get 0, so
   * a rejected request does not use up the quota of its other descriptors.
   */
  private async stopIncrementAddends(
    hits: readonly PendingHits[],
    sent: readonly number[],
    isLocalCacheHit: readonly boolean[],
  ): Promise<number[]> {
    if (isLocalCacheHit.includes(true)) return hits.map(() => 0);
    const current = await this.options.store.getMany(
      sent.map((i) => ({ key: hits[i].key, windowSeconds: hits[i].rule.unitSeconds })),
    );
    const isFlagged = hits.map(() => false);
    sent.forEach((i, j) => (isFlagged[i] = current[j] + hits[i].addend > hits[i].rule.requestsPerUnit));
    if (!isFlagged.includes(true)) return hits.map((hit) => hit.addend);
    return hits.map((hit, i) => (isFlagged[i] ? hit.addend : 0));
  }
}
