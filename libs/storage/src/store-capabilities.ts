// What each kind of counter store can do, so that the app asks instead of naming a store: which
// primitives it runs (an algorithm built on a missing one is refused when the rules load,
// docs/algorithms.md#how-they-are-stored), whether it counts before answering, what `counting:
// cached` does on it (docs/rules.md#counting), and the trace span
// of one call (the reference's names and attributes: redis fixed_cache_impl.go, memcached
// cache_impl.go).
import type { CounterOperation, CounterPrimitive } from './counter-store';
import type { StorageBackend } from './store-unavailable-error';

/**
 * What a limit saying `counting: cached` gets on a kind of store: `write_behind`, the
 * cached-counting engine (CachedCounters); `exact`, counted as any limit, because the store is
 * this process's own memory (nothing shared to cache, no round trip to save); `refused`, a config
 * error when the rules load.
 */
export type CachedCountingSupport = 'write_behind' | 'exact' | 'refused';

/** The name and attributes of the span around one countMany call. */
export interface StoreCallSpan {
  readonly name: string;
  readonly attributes: Readonly<Record<string, number>>;
}

export interface StoreCapabilities {
  /** The primitives countMany runs, in the order of CounterPrimitive. */
  readonly primitives: readonly CounterPrimitive[];
  /**
   * countMany answers `stored + addend` and increments afterwards (memcached, as the reference),
   * so there is no increment to hold back (STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT does nothing).
   */
  readonly isCountedAfterAnswer: boolean;
  readonly cachedCounting: CachedCountingSupport;
  /** `hasPerSecondStore`: 1-second windows go to a second store (KV_PERSECOND). */
  describeCall(operations: readonly CounterOperation[], hasPerSecondStore: boolean): StoreCallSpan;
}

const ALL_PRIMITIVES: readonly CounterPrimitive[] = [
  'increment',
  'increment_and_read_previous',
  'take_tokens',
];

/** Indexed by BACKEND_TYPE; the order of the kinds is the order refusals name them in. */
export const STORE_CAPABILITIES: Readonly<Record<StorageBackend, StoreCapabilities>> = Object.freeze({
  redis: {
    primitives: ALL_PRIMITIVES,
    isCountedAfterAnswer: false,
    cachedCounting: 'write_behind',
    // The reference counts its pipeline commands: INCRBY + EXPIRE per key, split by store.
    describeCall(operations, hasPerSecondStore) {
      let perSecond = 0;
      if (hasPerSecondStore)
        for (const operation of operations) if (operation.windowSeconds === 1) perSecond++;
      const attributes = {
        'pipeline length': 2 * (operations.length - perSecond),
        'perSecondPipeline length': 2 * perSecond,
      };
      return { name: 'Redis Pipeline Execution', attributes };
    },
  },
  memory: {
    primitives: ALL_PRIMITIVES,
    isCountedAfterAnswer: false,
    cachedCounting: 'exact',
    describeCall: (operations) => ({
      name: 'Memory Store Execution',
      attributes: { 'keys length': operations.length },
    }),
  },
  // No atomic read-modify-write that fits GCRA, so no take_tokens; no write-behind flush (its
  // increments already go after the answer, and it reads no total back to cache).
  memcache: {
    primitives: ['increment', 'increment_and_read_previous'],
    isCountedAfterAnswer: true,
    cachedCounting: 'refused',
    describeCall: (operations) => ({
      name: 'Memcached Fetch Execution',
      attributes: { 'keysToGet length': operations.length },
    }),
  },
});

/** The kinds of store that take `counting: cached` (count it cached or exact), in STORE_CAPABILITIES order. */
export function storesCountingCached(): StorageBackend[] {
  const kinds = Object.keys(STORE_CAPABILITIES) as StorageBackend[];
  return kinds.filter((kind) => STORE_CAPABILITIES[kind].cachedCounting !== 'refused');
}

/** The kinds of store that run `primitive`, in STORE_CAPABILITIES order. */
export function storesRunning(primitive: CounterPrimitive): StorageBackend[] {
  const kinds = Object.keys(STORE_CAPABILITIES) as StorageBackend[];
  return kinds.filter((kind) => STORE_CAPABILITIES[kind].primitives.includes(primitive));
}
