import { StorageOptionsError } from '../storage-options-error';
import type { StorageEventListener } from '../counter-store-options';
import type { CountExact, FlushDeltas } from './cached-delta';
import { SYSTEM_INTERVAL_TIMER, type IntervalTimer } from './interval-timer';

/** The flush interval when none is given (CACHED_COUNTING_FLUSH_INTERVAL's default). */
export const DEFAULT_FLUSH_INTERVAL_MS = 250;
/** Cached keys per engine when no bound is given (Limitador's redis_cached holds as many). */
export const DEFAULT_MAX_KEYS = 10_000;

export interface CachedCounterOptions {
  /** Today's exact counting of one key, for a key not held (one round trip). */
  readonly countExact: CountExact;
  /** One round trip to the store with every pending delta. */
  readonly flushDeltas: FlushDeltas;
  readonly now: () => number;
  /** How often pending deltas are sent (ms); default 250. */
  readonly flushIntervalMs?: number;
  /** Keys held at most; default 10,000. */
  readonly maxKeys?: number;
  /**
   * The oldest read (ms, counted from when it was sent) a decision may stand on; older, the
   * decision is exact again. Default twice the flush interval: a key hit in every interval is
   * read by every flush, so its reads never get that old. It bounds the overshoot
   * (docs/stores.md#cached-counting) and how long the cache answers while the store is down.
   */
  readonly maxReadAgeMs?: number;
  readonly timer?: IntervalTimer;
  /** The store this engine flushes to, as its events are tagged (`store`); default `main`. */
  readonly store?: string;
  /** Where the flush counters go as they change (the stores' statistics hook). */
  readonly onEvent?: StorageEventListener;
}

export type ResolvedCachedCounterOptions = Required<Omit<CachedCounterOptions, 'onEvent'>> &
  Pick<CachedCounterOptions, 'onEvent'>;

/** Fills in the defaults; a bound that is not a positive number is refused, naming it. */
export function resolveCachedCounterOptions(options: CachedCounterOptions): ResolvedCachedCounterOptions {
  const flushIntervalMs = options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  const resolved = {
    ...options,
    flushIntervalMs,
    maxKeys: options.maxKeys ?? DEFAULT_MAX_KEYS,
    maxReadAgeMs: options.maxReadAgeMs ?? 2 * flushIntervalMs,
    timer: options.timer ?? SYSTEM_INTERVAL_TIMER,
    store: options.store ?? 'main',
  };
  for (const name of ['flushIntervalMs', 'maxKeys', 'maxReadAgeMs'] as const) {
    const value = resolved[name];
    if (!Number.isFinite(value) || value <= 0)
      throw new StorageOptionsError(`cached counting: ${name} must be a positive number, got ${value}`);
  }
  if (!Number.isInteger(resolved.maxKeys))
    throw new StorageOptionsError(`cached counting: maxKeys must be an integer, got ${resolved.maxKeys}`);
  return resolved;
}
