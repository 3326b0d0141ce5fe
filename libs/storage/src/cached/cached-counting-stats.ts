import type { StorageEventListener } from '../counter-store-options';

/**
 * What one engine (one store) did, as plain numbers the app's statistics layer publishes
 * (proposed names: `ratelimit.cached.<field in snake_case>` tagged with the store). Counters only
 * grow; `pendingHits` and `cachedKeys` are gauges.
 */
export interface CachedCountingStats {
  /** Flush round trips sent (one per store and interval that had something pending). */
  readonly flushes: number;
  /** Flush round trips that failed as a whole: their deltas stayed pending. */
  readonly flushErrors: number;
  /** Keys whose delta a flush added to the store. */
  readonly flushedKeys: number;
  /** Gauge: hits counted here and not yet added to the store. */
  readonly pendingHits: number;
  /** Gauge: keys held. */
  readonly cachedKeys: number;
  /** Keys dropped at the `maxKeys` bound to make room for another (only keys with nothing pending). */
  readonly evictions: number;
  /** Keys dropped because their last read grew too old to answer from (an idle key, an ended window). */
  readonly expirations: number;
  /** Decisions answered from the cache. */
  readonly cachedDecisions: number;
  /** Decisions that went to the store: a key not held, a read too old, or after close(). */
  readonly exactDecisions: number;
  /** Exact decisions on a new key the cache had no room for (every held key had hits pending). */
  readonly uncachedAtBound: number;
  /** Hits a flush could not add because the store refused their key (never silent: counted here). */
  readonly droppedHits: number;
}

/** The counters also reported as they change, by event name (`ratelimit.` + name, tagged with the store). */
const EVENT_NAMES = {
  flushes: 'cached.flushes',
  flushErrors: 'cached.flush_errors',
  flushedKeys: 'cached.flushed_keys',
  evictions: 'cached.evictions',
  expirations: 'cached.expirations',
  uncachedAtBound: 'cached.uncached_at_bound',
  droppedHits: 'cached.dropped_hits',
} as const;

export type CachedCountingEvent = keyof typeof EVENT_NAMES;

/**
 * The engine's counters, mutated in place; `snapshot()` copies them. The rare ones (not the
 * per-decision counts) also go to `onEvent` as they change, as the stores report theirs.
 */
export class CachedCountingCounters {
  flushes = 0;
  flushErrors = 0;
  flushedKeys = 0;
  pendingHits = 0;
  evictions = 0;
  expirations = 0;
  cachedDecisions = 0;
  exactDecisions = 0;
  uncachedAtBound = 0;
  droppedHits = 0;
  private readonly tags: Readonly<Record<string, string>>;

  constructor(
    private readonly onEvent: StorageEventListener | undefined,
    store: string,
  ) {
    this.tags = { store };
  }

  add(event: CachedCountingEvent, value = 1): void {
    if (value === 0) return;
    this[event] += value;
    this.onEvent?.(EVENT_NAMES[event], this.tags, value);
  }

  snapshot(cachedKeys: number): CachedCountingStats {
    return {
      flushes: this.flushes,
      flushErrors: this.flushErrors,
      flushedKeys: this.flushedKeys,
      pendingHits: this.pendingHits,
      cachedKeys,
      evictions: this.evictions,
      expirations: this.expirations,
      cachedDecisions: this.cachedDecisions,
      exactDecisions: this.exactDecisions,
      uncachedAtBound: this.uncachedAtBound,
      droppedHits: this.droppedHits,
    };
  }
}
