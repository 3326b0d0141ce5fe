/** One cached key: the last total read from the store and this replica's hits not in it yet. */
export interface CacheEntry {
  readonly key: string;
  /** The expiry its delta is flushed with (the limit's window expiry). */
  readonly expirySeconds: number;
  /** The store's total at the last read (an exact count or a flush). */
  storedTotal: number;
  /** When that read was sent (ms): the read saw every hit the store had by then. */
  readAtMs: number;
  /** Hits counted here since the last flush began. */
  pending: number;
  /** Hits in the flush in flight (given back to `pending` if it fails). */
  flushing: number;
  /** The exact count in flight for this key; callers of the key wait for it. */
  loading: Promise<void> | undefined;
}

/** The total a decision stands on: the stored total plus every hit of ours not in it. */
export function totalOf(entry: CacheEntry): number {
  return entry.storedTotal + entry.flushing + entry.pending;
}

/** Nothing of the entry's is pending, flushing or loading: dropping it loses nothing. */
export function isClean(entry: CacheEntry): boolean {
  return entry.pending === 0 && entry.flushing === 0 && entry.loading === undefined;
}

/**
 * The cached keys, at most `maxKeys`. Keys with nothing pending are also kept in `clean`, in the
 * order they became clean, so making room takes the one clean the longest in O(1); a key with
 * hits pending is never dropped.
 */
export class CacheEntries {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly clean = new Map<string, CacheEntry>();

  constructor(private readonly maxKeys: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CacheEntry | undefined {
    return this.entries.get(key);
  }

  values(): IterableIterator<CacheEntry> {
    return this.entries.values();
  }

  /**
   * A new entry (loading), making room when full by dropping the key clean the longest;
   * undefined when full of keys with hits pending. `onEvict` is told each key dropped.
   */
  add(key: string, expirySeconds: number, onEvict: () => void): CacheEntry | undefined {
    if (this.entries.size >= this.maxKeys) {
      const oldest = this.clean.keys().next();
      if (oldest.done) return undefined;
      this.delete(oldest.value);
      onEvict();
    }
    const entry: CacheEntry = {
      key,
      expirySeconds,
      storedTotal: 0,
      readAtMs: Number.NEGATIVE_INFINITY,
      pending: 0,
      flushing: 0,
      loading: undefined,
    };
    this.entries.set(key, entry);
    return entry;
  }

  /** Call after any change of the entry's pending, flushing or loading. */
  update(entry: CacheEntry): void {
    if (!isClean(entry)) this.clean.delete(entry.key);
    else if (!this.clean.has(entry.key)) this.clean.set(entry.key, entry);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.clean.delete(key);
  }
}
