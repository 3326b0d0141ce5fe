import {
  bucketOutcome,
  windowOutcome,
  type CounterOperation,
  type CounterOutcome,
  type CounterRead,
  type CounterStore,
  type TokenBucketTake,
} from '../counter-store';
import type { MemoryStoreOptions } from '../counter-store-options';
import { previousWindowKey } from '../build-cache-key';
import { expirySeconds } from '../expiry-seconds';
import { OldestFirst } from '../oldest-first';
import { saturateCount } from '../saturate-count';
import { storeClosedError } from '../store-unavailable-error';
import { takeTokens } from '../take-tokens';
import { memoryEntryBytes, memoryKey } from './memory-entry-bytes';

interface Counter {
  /** A window's count, or a token bucket's TAT in ms. */
  count: number;
  expiresAtMs: number;
  /** What the entry counts against `maxBytes` (memoryEntryBytes of its key). */
  readonly bytes: number;
}

/** MEMORY_MAX_BYTES when the options leave it unset: well inside the Helm chart's 512 MiB limit. */
export const DEFAULT_MEMORY_MAX_BYTES = 64 * 1024 * 1024;

/** A full scan for expired counters runs at most this often when the store is full. */
const FULL_SCAN_MIN_INTERVAL_MS = 1000;

/**
 * In-process counters (BACKEND_TYPE=memory): a Map with expiry by the injected clock, refreshed on
 * every increment like Redis EXPIRE. Sliding windows keep the current window for two windows so it
 * can be read as the next one's previous; a token bucket's entry holds its TAT and expires when
 * the bucket is full again. Bounded by `maxKeys` and by `maxBytes` (each entry counted as its
 * key's V8 string plus a measured overhead; keys over 250 characters are kept as their digest, so
 * an entry costs at most MAX_MEMORY_ENTRY_BYTES): when either is reached, expired counters are
 * purged first, then the oldest counters (Map insertion order) are evicted.
 * Expired counters are dropped on access and, with `purgeIntervalMs`, by an unref'd timer.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  private readonly evictionOrder = new OldestFirst(this.counters);
  private readonly purgeTimer: NodeJS.Timeout | undefined;
  private readonly maxBytes: number;
  private usedBytes = 0;
  private lastFullScanMs = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(private readonly options: MemoryStoreOptions) {
    if (!(options.maxKeys >= 1))
      throw new RangeError(`memory store maxKeys must be >= 1, got ${options.maxKeys}`);
    this.maxBytes = options.maxBytes ?? DEFAULT_MEMORY_MAX_BYTES;
    if (!(this.maxBytes >= 1))
      throw new RangeError(`memory store maxBytes must be >= 1, got ${options.maxBytes}`);
    const interval = options.purgeIntervalMs ?? 0;
    if (interval > 0) {
      this.purgeTimer = setInterval(() => this.purgeExpired(), interval);
      this.purgeTimer.unref();
    }
  }

  countMany(operations: readonly CounterOperation[]): Promise<CounterOutcome[]> {
    if (this.closed) return Promise.reject(storeClosedError('memory'));
    const now = this.options.now();
    const outcomes = new Array<CounterOutcome>(operations.length);
    for (let i = 0; i < operations.length; i++) {
      const operation = operations[i];
      const key = memoryKey(operation.key);
      if (operation.primitive === 'take_tokens') {
        outcomes[i] = this.take(key, operation, now);
      } else if (operation.primitive === 'increment_and_read_previous') {
        const count = this.increment(key, operation.addend, 2 * operation.windowSeconds, now);
        const previousKey = memoryKey(previousWindowKey(operation.key, operation.windowSeconds));
        outcomes[i] = windowOutcome(count, this.liveCounter(previousKey, now)?.count ?? 0);
      } else {
        outcomes[i] = windowOutcome(this.increment(key, operation.addend, operation.windowSeconds, now));
      }
    }
    return Promise.resolve(outcomes);
  }

  getMany(reads: readonly CounterRead[]): Promise<number[]> {
    if (this.closed) return Promise.reject(storeClosedError('memory'));
    const now = this.options.now();
    return Promise.resolve(reads.map(({ key }) => this.liveCounter(memoryKey(key), now)?.count ?? 0));
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  isHealthy(): boolean {
    return !this.closed;
  }

  /** Number of counters held (expired ones not yet purged included). */
  get size(): number {
    return this.counters.size;
  }

  /** Bytes counted against `maxBytes` by the counters held. */
  get bytes(): number {
    return this.usedBytes;
  }

  close(): Promise<void> {
    this.closed = true;
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.counters.clear();
    this.usedBytes = 0;
    return Promise.resolve();
  }

  /** Drops every expired counter; returns how many were dropped. */
  purgeExpired(): number {
    const now = this.options.now();
    let dropped = 0;
    for (const [key, counter] of this.counters) {
      if (counter.expiresAtMs <= now) {
        this.remove(key, counter);
        dropped++;
      }
    }
    return dropped;
  }

  /** Adds to a window's count; the key lives `lifetimeSeconds` (+ jitter) from now. */
  private increment(key: string, addend: number, lifetimeSeconds: number, now: number): number {
    const counter = this.liveCounter(key, now) ?? this.createCounter(key, now);
    counter.count = saturateCount(counter.count + addend); // docs/stores.md#saturated-counters
    counter.expiresAtMs =
      now + expirySeconds(lifetimeSeconds, this.options.jitterMaxSeconds, this.options.random) * 1000;
    return counter.count;
  }

  private take(key: string, take: TokenBucketTake, now: number): CounterOutcome {
    const tatBeforeMs = this.liveCounter(key, now)?.count ?? 0;
    const { isAllowed, newTatMs } = takeTokens(
      tatBeforeMs,
      take.addend,
      take.nowMs,
      take.emissionIntervalMs,
      take.toleranceMs,
    );
    if (isAllowed && take.addend > 0) {
      const counter = this.liveCounter(key, now) ?? this.createCounter(key, now);
      counter.count = newTatMs;
      counter.expiresAtMs = now + (newTatMs - take.nowMs); // full again at the new TAT
    }
    return bucketOutcome(isAllowed, tatBeforeMs);
  }

  private liveCounter(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter === undefined || counter.expiresAtMs > now) return counter;
    this.remove(key, counter);
    return undefined;
  }

  private createCounter(key: string, now: number): Counter {
    const bytes = memoryEntryBytes(key);
    if (this.isFullFor(bytes)) this.makeRoom(bytes, now);
    else this.evictionOrder.addedWithoutEviction(); // a resting iterator would leak
    const counter: Counter = { count: 0, expiresAtMs: now, bytes };
    this.counters.set(key, counter);
    this.usedBytes += bytes;
    return counter;
  }

  /** True when one more entry of `bytes` would pass `maxKeys` or `maxBytes`. */
  private isFullFor(bytes: number): boolean {
    return this.counters.size >= this.options.maxKeys || this.usedBytes + bytes > this.maxBytes;
  }

  private makeRoom(bytes: number, now: number): void {
    if (now - this.lastFullScanMs >= FULL_SCAN_MIN_INTERVAL_MS) {
      this.lastFullScanMs = now;
      this.purgeExpired();
    }
    while (this.isFullFor(bytes)) {
      const oldest = this.evictionOrder.next();
      if (oldest === undefined) return;
      this.remove(oldest[0], oldest[1]);
      this.options.onEvent?.('memory.evicted');
    }
  }

  private remove(key: string, counter: Counter): void {
    this.counters.delete(key);
    this.usedBytes -= counter.bytes;
  }
}
