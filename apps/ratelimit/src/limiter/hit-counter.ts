// Counts one request's hits in the store (docs/decisions.md#the-status-of-one-descriptor): keys the
// local over-limit cache already knows are not sent; everything else goes to the store in one
// countMany call (one round trip per store, batched with concurrent requests by the store itself),
// each descriptor as its rule's algorithm needs: a fixed window's increment, a sliding window's
// increment plus the previous window, a token bucket's take.
import type { RateLimitRule } from '@repo/rules';
import {
  bucketOutcome,
  previousWindowKey,
  type CounterOperation,
  type CounterOutcome,
  type CounterStore,
  type OverLimitCache,
} from '@repo/storage';
import { startStoreSpan, type StoreSpanOptions } from '../tracing/store-span';
import { bucketTiming, isClosedBucket } from './token-bucket';
import { wouldExceedLimit } from './would-exceed-limit';

export interface PendingHits {
  /** The counter key (buildCacheKey, with the window start), or a token bucket's key. */
  readonly key: string;
  readonly addend: number;
  readonly rule: RateLimitRule;
}

/** A closed bucket (requests_per_unit 0) is not asked: nothing could ever fit. */
const CLOSED_BUCKET = bucketOutcome(false, 0);

export interface HitCounts {
  /** Per input, the store's answer (for a local-cache hit: none was asked, a placeholder). */
  readonly outcomes: CounterOutcome[];
  /** Per input, true when the local cache answered and the store was not asked. */
  readonly isLocalCacheHit: boolean[];
  /** Per input, when the local cache's mark ends (ms); 0 when it did not answer. */
  readonly localCacheUntilMs: number[];
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

  /**
   * Shaped for the hot path: plain loops and no closures, and when every entry goes to the store
   * (the common case) the store's answer is the outcomes array itself.
   */
  async count(hits: readonly PendingHits[], nowMs: number): Promise<HitCounts> {
    const localCacheUntilMs = this.checkLocalCache(hits);
    const isLocalCacheHit: boolean[] = [];
    const sent: number[] = [];
    for (let i = 0; i < hits.length; i++) {
      isLocalCacheHit.push(localCacheUntilMs[i] > 0);
      if (!isLocalCacheHit[i] && !isClosedTokenBucket(hits[i].rule)) sent.push(i);
    }
    if (sent.length === 0)
      return { outcomes: closedBuckets(hits.length), isLocalCacheHit, localCacheUntilMs };
    const addends = this.options.stopIncrementWhenOverLimit
      ? await this.stopIncrementAddends(hits, sent, isLocalCacheHit, nowMs)
      : undefined;
    const operations: CounterOperation[] = [];
    for (const i of sent)
      operations.push(operationOf(hits[i], addends === undefined ? hits[i].addend : addends[i], nowMs));
    const span = startStoreSpan(this.options.storeSpan, operations);
    let answered: CounterOutcome[];
    try {
      answered = await this.options.store.countMany(operations);
    } finally {
      span?.end();
    }
    if (sent.length === hits.length) return { outcomes: answered, isLocalCacheHit, localCacheUntilMs };
    const outcomes = closedBuckets(hits.length);
    for (let j = 0; j < sent.length; j++) outcomes[sent[j]] = answered[j];
    return { outcomes, isLocalCacheHit, localCacheUntilMs };
  }

  /** Remembers a key that went over its limit for `ttlMs` (a unit, or a sliding/bucket retry time). */
  markOverLimit(hits: PendingHits, ttlMs: number): void {
    this.options.localCache?.markOverLimit(hits.key, hits.rule.requestsPerUnit, ttlMs / 1000);
  }

  private checkLocalCache(hits: readonly PendingHits[]): number[] {
    const cache = this.options.localCache;
    const untilMs: number[] = [];
    for (let i = 0; i < hits.length; i++)
      untilMs.push(
        cache === undefined ? 0 : cache.overLimitUntilMs(hits[i].key, hits[i].rule.requestsPerUnit),
      );
    return untilMs;
  }

  /**
   * STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT
   * (docs/decisions.md#stop_cache_key_increment_when_overlimit): when a key is already over (in the
   * local cache, or its stored state plus the hits exceeds the limit), only the keys over their
   * limit count their hits and the others get 0, so a rejected request does not use up the quota of
   * its other descriptors.
   */
  private async stopIncrementAddends(
    hits: readonly PendingHits[],
    sent: readonly number[],
    isLocalCacheHit: readonly boolean[],
    nowMs: number,
  ): Promise<number[]> {
    if (isLocalCacheHit.includes(true)) return hits.map(() => 0);
    const reads: { key: string; windowSeconds: number }[] = [];
    const firstRead: number[] = [];
    for (const i of sent) {
      const { key, rule } = hits[i];
      firstRead[i] = reads.length;
      reads.push({ key, windowSeconds: rule.unitSeconds });
      if (rule.algorithm === 'sliding_window')
        reads.push({ key: previousWindowKey(key, rule.unitSeconds), windowSeconds: rule.unitSeconds });
    }
    const values = await this.options.store.getMany(reads);
    const isFlagged = hits.map(() => false);
    for (const i of sent) {
      const { rule, addend } = hits[i];
      isFlagged[i] = wouldExceedLimit(
        rule,
        addend,
        values[firstRead[i]],
        values[firstRead[i] + 1] ?? 0,
        nowMs,
      );
    }
    if (!isFlagged.includes(true)) return hits.map((hit) => hit.addend);
    return hits.map((hit, i) => (isFlagged[i] ? hit.addend : 0));
  }
}

function isClosedTokenBucket(rule: RateLimitRule): boolean {
  return rule.algorithm === 'token_bucket' && isClosedBucket(rule);
}

/** One outcome per entry, each a closed bucket's until the store's answers are put in. */
function closedBuckets(length: number): CounterOutcome[] {
  const outcomes: CounterOutcome[] = [];
  for (let i = 0; i < length; i++) outcomes.push(CLOSED_BUCKET);
  return outcomes;
}

/** What the store is asked for one descriptor, by its rule's algorithm. */
function operationOf(hits: PendingHits, addend: number, nowMs: number): CounterOperation {
  const { key, rule } = hits;
  const windowSeconds = rule.unitSeconds;
  if (rule.algorithm === 'sliding_window') {
    return { algorithm: 'sliding_window', key, addend, windowSeconds };
  }
  if (rule.algorithm === 'token_bucket') {
    const { emissionIntervalMs, toleranceMs } = bucketTiming(rule);
    return { algorithm: 'token_bucket', key, addend, windowSeconds, nowMs, emissionIntervalMs, toleranceMs };
  }
  return { key, addend, windowSeconds };
}
