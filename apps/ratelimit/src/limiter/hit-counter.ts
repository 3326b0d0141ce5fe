// Counts one request's hits in the store (docs/decisions.md#the-status-of-one-descriptor): keys the
// local over-limit cache already knows are not sent; everything else goes to the store in one
// countMany call (one round trip per store, batched with concurrent requests by the store itself),
// each limit as its rule's algorithm asks (algorithms/counter-algorithms.ts). Then, per limit,
// what the answer amounts to (its algorithm's tally), and a key over its limit is marked in the
// local cache for as long as its algorithm allows. A limit saying `counting: cached` on a store
// running the engine (docs/rules.md#counting) is counted by its CachedCounter instead: from memory
// without a round trip when it can, else by the engine's exact count, beside the store call.
import type { Span } from '@opentelemetry/api';
import {
  windowOutcome,
  type CachedCounter,
  type CachedCounters,
  type CounterOperation,
  type CounterStore,
  type OverLimitCache,
  type StoreCapabilities,
} from '@repo/storage';
import type { TracerHolder } from '../tracing/tracer-holder';
import type { PendingHits } from './algorithms/counter-algorithm';
import { algorithmOf } from './algorithms/counter-algorithms';
import type { CountedHits } from './compute-descriptor-status';

export interface HitCounterOptions {
  readonly store: CounterStore;
  /** What the store can do (STORE_CAPABILITIES of its kind). */
  readonly capabilities: StoreCapabilities;
  /** LOCAL_CACHE_SIZE_IN_BYTES > 0. */
  readonly localCache: OverLimitCache | undefined;
  /** STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT. */
  readonly stopIncrementWhenOverLimit: boolean;
  /** The tracer, while TRACING_ENABLED; the store span names KV_PERSECOND's share. */
  readonly tracing?: TracerHolder;
  readonly hasPerSecondStore?: boolean;
  /** The store's cached-counting engines, when its capabilities run them (`write_behind`). */
  readonly cachedCounters?: CachedCounters;
}

export class HitCounter {
  /** Nothing to hold back when the store counts after answering (memcached). */
  private readonly isStopIncrement: boolean;
  /** Undefined unless the store runs the engines: the exact path then never looks at `counting`. */
  private readonly cachedCounters: CachedCounters | undefined;

  constructor(private readonly options: HitCounterOptions) {
    this.isStopIncrement = options.stopIncrementWhenOverLimit && !options.capabilities.isCountedAfterAnswer;
    const { cachedCounters, capabilities } = options;
    this.cachedCounters = capabilities.cachedCounting === 'write_behind' ? cachedCounters : undefined;
  }

  /**
   * Sets each entry's outcome and local cache state. Shaped for the hot path: plain loops, no
   * closures, and the store's answer is read in place.
   */
  async count(hits: readonly PendingHits[], nowMs: number): Promise<void> {
    const cache = this.options.localCache;
    const cachedCounters = this.cachedCounters;
    const sent: number[] = [];
    const operations: CounterOperation[] = [];
    let isAnyCached = false;
    let loads: Promise<void>[] | undefined;
    for (let i = 0; i < hits.length; i++) {
      const entry = hits[i];
      const untilMs = cache === undefined ? 0 : cache.overLimitUntilMs(entry.key, entry.rule.requestsPerUnit);
      entry.localCacheUntilMs = untilMs;
      if (untilMs > 0) isAnyCached = true;
      const engine =
        untilMs > 0 || cachedCounters === undefined || entry.rule.counting !== 'cached'
          ? undefined
          : cachedCounters.forWindow(entry.rule.unitSeconds);
      if (engine !== undefined) {
        const load = countCached(engine, entry);
        if (load !== undefined) (loads ??= []).push(load);
        continue;
      }
      const operation = untilMs > 0 ? undefined : algorithmOf(entry.rule).operation(entry, nowMs);
      if (operation === undefined) continue;
      sent.push(i);
      operations.push(operation);
    }
    if (sent.length === 0) {
      if (loads !== undefined) await Promise.all(loads);
      return;
    }
    if (this.isStopIncrement) await this.holdBackHits(hits, sent, operations, isAnyCached, nowMs);
    const span = this.startStoreSpan(operations);
    try {
      const counted = this.options.store.countMany(operations);
      const answered = loads === undefined ? await counted : (await Promise.all([counted, ...loads]))[0];
      for (let j = 0; j < sent.length; j++) hits[sent[j]].outcome = answered[j];
    } finally {
      span?.end();
    }
  }

  /** The span around the store call, named as the store says (undefined while tracing is off). */
  private startStoreSpan(operations: readonly CounterOperation[]): Span | undefined {
    const { tracing, capabilities, hasPerSecondStore } = this.options;
    if (tracing?.tracer === undefined) return undefined;
    const { name, attributes } = capabilities.describeCall(operations, hasPerSecondStore === true);
    return tracing.tracer.startSpan(name, { attributes });
  }

  /** What a counted entry's answer amounts to; a key that went over its limit is marked locally. */
  tally(hits: PendingHits, nowMs: number): CountedHits {
    const { rule, addend } = hits;
    const algorithm = algorithmOf(rule);
    if (hits.localCacheUntilMs > 0)
      return { rule, addend, tally: algorithm.cachedTally(hits, nowMs), isLocalCacheHit: true };
    const tally = algorithm.tally(hits, nowMs);
    if (tally.after > tally.limit && tally.overLimitTtlMs > 0) this.markOverLimit(hits, tally.overLimitTtlMs);
    return { rule, addend, tally, isLocalCacheHit: false };
  }

  /** Remembers a key that went over its limit for `ttlMs` (a unit, or a sliding/bucket retry time). */
  markOverLimit(hits: Pick<PendingHits, 'key' | 'rule'>, ttlMs: number): void {
    this.options.localCache?.markOverLimit(hits.key, hits.rule.requestsPerUnit, ttlMs / 1000);
  }

  /**
   * STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT
   * (docs/decisions.md#stop_cache_key_increment_when_overlimit): when a key is already over (in the
   * local cache, or its stored state plus the hits exceeds the limit), only the keys over their
   * limit count their hits and the others get 0, so a rejected request does not use up the quota of
   * its other descriptors.
   */
  private async holdBackHits(
    hits: readonly PendingHits[],
    sent: readonly number[],
    operations: CounterOperation[],
    isAnyCached: boolean,
    nowMs: number,
  ): Promise<void> {
    const isFlagged = isAnyCached ? sent.map(() => false) : await this.overLimitFlags(hits, sent, nowMs);
    if (!isAnyCached && !isFlagged.includes(true)) return;
    sent.forEach((i, j) => {
      if (isFlagged[j]) return;
      operations[j] = algorithmOf(hits[i].rule).operation({ ...hits[i], addend: 0 }, nowMs)!;
    });
  }

  /** Per sent entry: would its hits go over, judged from the stored state (one read). */
  private async overLimitFlags(hits: readonly PendingHits[], sent: readonly number[], nowMs: number) {
    const reads = sent.map((i) => algorithmOf(hits[i].rule).reads(hits[i]));
    const values = await this.options.store.getMany(reads.flat());
    let at = 0;
    return sent.map((i, j) => {
      const stored = values.slice(at, (at += reads[j].length));
      return algorithmOf(hits[i].rule).wouldExceed(hits[i], stored, nowMs);
    });
  }
}

/**
 * A `counting: cached` limit's count (a fixed window): from the engine's memory, answered at once
 * (undefined), or the engine's exact count of a key it does not hold (one round trip).
 */
function countCached(engine: CachedCounter, entry: PendingHits): Promise<void> | undefined {
  entry.isCountedCached = true;
  const total = engine.countCached(entry.key, entry.addend);
  if (total !== undefined) {
    entry.outcome = windowOutcome(total);
    return undefined;
  }
  return engine.count(entry.key, entry.addend, entry.rule.unitSeconds).then((count) => {
    entry.outcome = windowOutcome(count);
  });
}
