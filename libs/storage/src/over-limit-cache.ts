import { boundKeyLength } from './digest-key';
import { OldestFirst } from './oldest-first';

/** Counters of the local cache, named like the reference's `ratelimit.localcache.*` gauges. */
export interface OverLimitCacheStats {
  readonly hitCount: number;
  readonly missCount: number;
  readonly lookupCount: number;
  readonly entryCount: number;
  readonly expiredCount: number;
  readonly evacuateCount: number;
  readonly overwriteCount: number;
  readonly usedBytes: number;
  readonly capacityBytes: number;
}

export interface OverLimitCacheOptions {
  /** LOCAL_CACHE_SIZE_IN_BYTES; raised to the reference's 512 KiB minimum (freecache). */
  readonly sizeBytes: number;
  /** Wall clock in milliseconds (injected). */
  readonly now: () => number;
}

/** freecache refuses smaller caches; we keep the same floor so sizes behave alike. */
export const MIN_OVER_LIMIT_CACHE_BYTES = 512 * 1024;
/**
 * Approximate cost of one entry besides its key: Map slot, expiry number and object header.
 * Byte accounting is an estimate (UTF-16 key length * 2 + this), not a measurement of V8's heap.
 */
const ENTRY_OVERHEAD_BYTES = 64;
/**
 * Longer cache keys are held as their 51-character digest (boundKeyLength, as the memory store
 * does), so an entry costs at most ~564 bytes and a few huge descriptor values cannot push every
 * other mark out of the cache.
 */
export const MAX_OVER_LIMIT_CACHE_KEY_LENGTH = 250;

/**
 * The local over-limit cache (docs/stores.md#local-over-limit-cache): remembers cache keys already
 * over their limit for the rest of their window, so a hot abusive key costs no store round trip.
 * Bounded by (approximate) bytes; entries expire after TTL = the unit; the oldest entries are
 * evicted first. The limit value is part of the entry key (fix of envoyproxy/ratelimit#1077): a
 * request override with a higher limit for the same descriptor is not rejected by a mark made under
 * a lower one.
 */
export class OverLimitCache {
  private readonly expiresAtMs = new Map<string, number>();
  private readonly evictionOrder = new OldestFirst(this.expiresAtMs);
  private readonly capacityBytes: number;
  private readonly now: () => number;
  private usedBytes = 0;
  private hitCount = 0;
  private missCount = 0;
  private expiredCount = 0;
  private evacuateCount = 0;
  private overwriteCount = 0;

  constructor(options: OverLimitCacheOptions) {
    this.capacityBytes = Math.max(options.sizeBytes, MIN_OVER_LIMIT_CACHE_BYTES);
    this.now = options.now;
  }

  /** True when `cacheKey` was marked over `requestsPerUnit` and the mark has not expired. */
  isOverLimit(cacheKey: string, requestsPerUnit: number): boolean {
    return this.overLimitUntilMs(cacheKey, requestsPerUnit) > 0;
  }

  /** When the mark of `cacheKey` over `requestsPerUnit` ends (ms), or 0 when there is none. */
  overLimitUntilMs(cacheKey: string, requestsPerUnit: number): number {
    const entryKey = toEntryKey(cacheKey, requestsPerUnit);
    const expiresAt = this.expiresAtMs.get(entryKey);
    if (expiresAt !== undefined && expiresAt > this.now()) {
      this.hitCount++;
      return expiresAt;
    }
    if (expiresAt !== undefined) {
      this.remove(entryKey);
      this.expiredCount++;
    }
    this.missCount++;
    return 0;
  }

  /**
   * Marks `cacheKey` over `requestsPerUnit` for `ttlSeconds` (fixed windows: the unit; sliding
   * windows and token buckets: until one more hit would fit, fractions of a second included).
   */
  markOverLimit(cacheKey: string, requestsPerUnit: number, ttlSeconds: number): void {
    const entryKey = toEntryKey(cacheKey, requestsPerUnit);
    if (this.expiresAtMs.has(entryKey)) {
      this.remove(entryKey); // re-insert at the end: it is the newest entry again
      this.overwriteCount++;
    }
    const bytes = entryBytes(entryKey);
    if (bytes > this.capacityBytes) return;
    this.makeRoom(bytes);
    this.expiresAtMs.set(entryKey, this.now() + ttlSeconds * 1000);
    this.usedBytes += bytes;
  }

  stats(): OverLimitCacheStats {
    return {
      hitCount: this.hitCount,
      missCount: this.missCount,
      lookupCount: this.hitCount + this.missCount,
      entryCount: this.expiresAtMs.size,
      expiredCount: this.expiredCount,
      evacuateCount: this.evacuateCount,
      overwriteCount: this.overwriteCount,
      usedBytes: this.usedBytes,
      capacityBytes: this.capacityBytes,
    };
  }

  /** Evicts from the oldest end (Map insertion order) until `bytes` more fit. */
  private makeRoom(bytes: number): void {
    if (this.usedBytes + bytes <= this.capacityBytes) {
      this.evictionOrder.addedWithoutEviction(); // a resting iterator would leak
      return;
    }
    const now = this.now();
    while (this.usedBytes + bytes > this.capacityBytes) {
      const oldest = this.evictionOrder.next();
      if (oldest === undefined) return;
      const [entryKey, expiresAt] = oldest;
      this.remove(entryKey);
      if (expiresAt > now) this.evacuateCount++;
      else this.expiredCount++;
    }
  }

  private remove(entryKey: string): void {
    this.expiresAtMs.delete(entryKey);
    this.usedBytes -= entryBytes(entryKey);
  }
}

function toEntryKey(cacheKey: string, requestsPerUnit: number): string {
  return boundKeyLength(cacheKey, MAX_OVER_LIMIT_CACHE_KEY_LENGTH) + '\u0000' + requestsPerUnit;
}

function entryBytes(entryKey: string): number {
  return entryKey.length * 2 + ENTRY_OVERHEAD_BYTES;
}
