import type { CounterStore } from '../counter-store';
import type { StorageEventListener } from '../counter-store-options';
import { CachedCounter } from './cached-counter';
import type { CachedCountingStats } from './cached-counting-stats';
import type { IntervalTimer } from './interval-timer';

/** Injection token of the service's CachedCounters (StorageModule provides it). */
export const CACHED_COUNTERS = Symbol('CACHED_COUNTERS');

/**
 * A flush is sent in the background and nobody waits for it, but one that timed out after the
 * store applied it counts its hits twice: so it gets longer than a decision (10,000 keys take up
 * to a second on a loaded cluster, docs/stores.md#cached-counting).
 */
export const MIN_FLUSH_TIMEOUT_MS = 2_000;

export interface CachedCountersOptions {
  /** CACHED_COUNTING_FLUSH_INTERVAL in ms. */
  readonly flushIntervalMs: number;
  /** CACHED_COUNTING_MAX_KEYS: keys each engine holds at most. */
  readonly maxKeys: number;
  readonly now: () => number;
  readonly onEvent?: StorageEventListener;
  readonly timer?: IntervalTimer;
}

/**
 * The service's cached-counting engines (docs/stores.md#cached-counting): one CachedCounter per
 * store (`main`, and `per_second` for 1-second windows when a per-second Redis is configured),
 * each created by the first limit that counts cached on it, so a service without such limits
 * runs no flush timer. Empty on a store without a write-behind flush (memory, memcached).
 */
export class CachedCounters {
  private readonly byStore = new Map<string, CachedCounter>();
  private closed = false;

  constructor(
    private readonly store: CounterStore,
    private readonly options: CachedCountersOptions,
  ) {}

  /** The store can count cached (it offers storeFor and flushDeltas). */
  get isSupported(): boolean {
    return this.store.storeFor !== undefined && this.store.flushDeltas !== undefined;
  }

  /**
   * The engine counting windows of `windowSeconds`, created on first use; undefined when the
   * store cannot count cached or the holder is closed (the limit is then counted exactly).
   */
  forWindow(windowSeconds: number): CachedCounter | undefined {
    if (this.closed || this.store.storeFor === undefined) return undefined;
    const name = this.store.storeFor(windowSeconds);
    return this.byStore.get(name) ?? this.create(name);
  }

  /** The engines by store name (what statistics read `stats()` from). */
  engines(): ReadonlyMap<string, CachedCounter> {
    return this.byStore;
  }

  /** Each engine's statistics by store name. */
  stats(): Record<string, CachedCountingStats> {
    const stats: Record<string, CachedCountingStats> = {};
    for (const [name, engine] of this.byStore) stats[name] = engine.stats();
    return stats;
  }

  /**
   * For SIGTERM, before the store disconnects: flushes every engine and resolves to the hits
   * each could not flush (0 when all got through). Decisions after it are exact.
   */
  async close(): Promise<Record<string, number>> {
    this.closed = true;
    const names = [...this.byStore.keys()];
    const unflushed = await Promise.all(names.map((name) => this.byStore.get(name)!.close()));
    return Object.fromEntries(names.map((name, i) => [name, unflushed[i]]));
  }

  private create(name: string): CachedCounter | undefined {
    const { store } = this;
    const flushDeltas = store.flushDeltas?.bind(store);
    if (flushDeltas === undefined) return undefined;
    const { flushIntervalMs, maxKeys, now, onEvent, timer } = this.options;
    const flushTimeoutMs = Math.max(MIN_FLUSH_TIMEOUT_MS, 4 * flushIntervalMs);
    const engine = new CachedCounter({
      // every window of this store goes the same way; the store adds its expiry jitter
      countExact: async (key, hits, expirySeconds) => {
        const [outcome] = await store.countMany([{ key, addend: hits, windowSeconds: expirySeconds }]);
        return outcome.count;
      },
      flushDeltas: (deltas) => flushDeltas(name, deltas, flushTimeoutMs),
      now,
      flushIntervalMs,
      maxKeys,
      timer,
      store: name,
      onEvent,
    });
    this.byStore.set(name, engine);
    return engine;
  }
}
