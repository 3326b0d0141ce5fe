import { CacheEntries, totalOf, type CacheEntry } from './cache-entries';
import {
  resolveCachedCounterOptions,
  type CachedCounterOptions,
  type ResolvedCachedCounterOptions,
} from './cached-counter-options';
import { CachedCountingCounters, type CachedCountingStats } from './cached-counting-stats';
import { flushPending, type FlushContext } from './flush-pending';

/**
 * Fixed-window counting answered from memory (docs/stores.md#cached-counting): the first decision
 * on a key is exact, later ones add this replica's hits to the last total read from the store, and
 * every flush interval one round trip sends the hits and reads the totals back. One engine per
 * store. Keys embed their window, so a window that rolled over is a new key.
 */
export class CachedCounter {
  private readonly options: ResolvedCachedCounterOptions;
  private readonly entries: CacheEntries;
  private readonly counters: CachedCountingCounters;
  private readonly flushContext: FlushContext;
  private readonly timerHandle: unknown;
  private inFlight: Promise<boolean> | undefined;
  private closed = false;

  constructor(options: CachedCounterOptions) {
    this.options = resolveCachedCounterOptions(options);
    const { flushDeltas, now, maxReadAgeMs, maxKeys, timer, flushIntervalMs } = this.options;
    this.entries = new CacheEntries(maxKeys);
    this.counters = new CachedCountingCounters(options.onEvent, this.options.store);
    this.flushContext = { entries: this.entries, counters: this.counters, flushDeltas, now, maxReadAgeMs };
    this.timerHandle = timer.setInterval(() => this.flushOnce(), flushIntervalMs);
  }

  /**
   * The hot path: the key's total after `hits`, answered from the cache, or undefined when the
   * key needs the store (not held, its read too old, being read, or the engine closed); then call
   * count(). Counts the hits only when it answers.
   */
  countCached(key: string, hits: number): number | undefined {
    const entry = this.entries.get(key);
    if (this.closed || entry === undefined || !this.isUsable(entry)) return undefined;
    entry.pending += hits;
    this.entries.update(entry);
    this.counters.pendingHits += hits;
    this.counters.cachedDecisions++;
    return totalOf(entry);
  }

  /** The key's total after `hits`: from the cache when it can, else exact (one round trip). */
  async count(key: string, hits: number, expirySeconds: number): Promise<number> {
    for (;;) {
      const cached = this.countCached(key, hits);
      if (cached !== undefined) return cached;
      const entry = this.entries.get(key);
      if (entry?.loading) {
        await entry.loading; // settles, never rejects: its own caller gets the error; then try again
        continue;
      }
      if (this.closed) return this.countUncached(key, hits, expirySeconds);
      const held = entry ?? this.entries.add(key, expirySeconds, () => this.counters.add('evictions'));
      if (held === undefined) {
        this.counters.add('uncachedAtBound');
        return this.countUncached(key, hits, expirySeconds);
      }
      return this.load(held, hits);
    }
  }

  /**
   * Sends what is pending now (after the flush in flight, if any) and resolves to the hits still
   * pending: 0 unless the store could not be reached.
   */
  async flushNow(): Promise<number> {
    if (this.inFlight) await this.inFlight;
    await this.flushOnce();
    return this.counters.pendingHits;
  }

  /**
   * For SIGTERM: stops the timer, flushes what is pending and resolves to the hits that could
   * not be flushed. Later decisions are exact.
   */
  async close(): Promise<number> {
    if (!this.closed) {
      this.closed = true;
      this.options.timer.clearInterval(this.timerHandle);
    }
    return this.flushNow();
  }

  stats(): CachedCountingStats {
    return this.counters.snapshot(this.entries.size);
  }

  private isUsable(entry: CacheEntry): boolean {
    return entry.loading === undefined && entry.readAtMs >= this.options.now() - this.options.maxReadAgeMs;
  }

  /** Exact count of a held key; its waiting callers then count from the cache. */
  private async load(entry: CacheEntry, hits: number): Promise<number> {
    const sentAtMs = this.options.now();
    const total = this.countUncached(entry.key, hits, entry.expirySeconds);
    entry.loading = total.then(
      () => undefined,
      () => undefined,
    );
    this.entries.update(entry);
    try {
      const stored = await total;
      entry.storedTotal = Math.max(entry.storedTotal, stored);
      entry.readAtMs = Math.max(entry.readAtMs, sentAtMs);
      return totalOf(entry);
    } catch (error) {
      if (entry.pending === 0 && entry.flushing === 0) this.entries.delete(entry.key);
      throw error;
    } finally {
      entry.loading = undefined;
      if (this.entries.get(entry.key) === entry) this.entries.update(entry);
    }
  }

  private countUncached(key: string, hits: number, expirySeconds: number): Promise<number> {
    this.counters.exactDecisions++;
    return this.options.countExact(key, hits, expirySeconds);
  }

  /** One flush, unless one is in flight (then that one's result). */
  private flushOnce(): Promise<boolean> {
    if (this.inFlight) return this.inFlight;
    const flush = flushPending(this.flushContext).finally(() => (this.inFlight = undefined));
    this.inFlight = flush;
    return flush;
  }
}
