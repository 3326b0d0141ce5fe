import type { CounterIncrement, CounterRead, CounterStore } from '../counter-store';
import type { MemoryStoreOptions } from '../counter-store-options';
import { expirySeconds } from '../expiry-seconds';
import { OldestFirst } from '../oldest-first';
import { StoreUnavailableError } from '../store-unavailable-error';

interface Counter {
  count: number;
  expiresAtMs: number;
}

/** A full scan for expired counters runs at most this often when the store is full. */
const FULL_SCAN_MIN_INTERVAL_MS = 1000;

/**
 * In-process fixed-window counters (BACKEND_TYPE=memory): a Map with expiry by the injected
 * clock, refreshed on every increment like Redis EXPIRE. Bounded by `maxKeys`: when full, expired
 * counters are purged first, then the oldest counters (Map insertion order) are evicted.
 * Expired counters are dropped on access and, with `purgeIntervalMs`, by an unref'd timer.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  private readonly evictionOrder = new OldestFirst(this.counters);
  private readonly purgeTimer: NodeJS.Timeout | undefined;
  private lastFullScanMs = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(private readonly options: MemoryStoreOptions) {
    if (!(options.maxKeys >= 1))
      throw new RangeError(`memory store maxKeys must be >= 1, got ${options.maxKeys}`);
    const interval = options.purgeIntervalMs ?? 0;
    if (interval > 0) {
      this.purgeTimer = setInterval(() => this.purgeExpired(), interval);
      this.purgeTimer.unref();
    }
  }

  incrementMany(increments: readonly CounterIncrement[]): Promise<number[]> {
    if (this.closed) return Promise.reject(closedError());
    const now = this.options.now();
    const counts = new Array<number>(increments.length);
    for (let i = 0; i < increments.length; i++) {
      const { key, addend, windowSeconds } = increments[i];
      const counter = this.liveCounter(key, now) ?? this.createCounter(key, now);
      counter.count += addend;
      counter.expiresAtMs =
        now + expirySeconds(windowSeconds, this.options.jitterMaxSeconds, this.options.random) * 1000;
      counts[i] = counter.count;
    }
    return Promise.resolve(counts);
  }

  getMany(reads: readonly CounterRead[]): Promise<number[]> {
    if (this.closed) return Promise.reject(closedError());
    const now = this.options.now();
    return Promise.resolve(reads.map(({ key }) => this.liveCounter(key, now)?.count ?? 0));
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

  close(): Promise<void> {
    this.closed = true;
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.counters.clear();
    return Promise.resolve();
  }

  /** Drops every expired counter; returns how many were dropped. */
  purgeExpired(): number {
    const now = this.options.now();
    let dropped = 0;
    for (const [key, counter] of this.counters) {
      if (counter.expiresAtMs <= now) {
        this.counters.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  private liveCounter(key: string, now: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter === undefined || counter.expiresAtMs > now) return counter;
    this.counters.delete(key);
    return undefined;
  }

  private createCounter(key: string, now: number): Counter {
    if (this.counters.size >= this.options.maxKeys) this.makeRoom(now);
    const counter: Counter = { count: 0, expiresAtMs: now };
    this.counters.set(key, counter);
    return counter;
  }

  private makeRoom(now: number): void {
    if (now - this.lastFullScanMs >= FULL_SCAN_MIN_INTERVAL_MS) {
      this.lastFullScanMs = now;
      this.purgeExpired();
    }
    while (this.counters.size >= this.options.maxKeys) {
      const oldest = this.evictionOrder.next();
      if (oldest === undefined) return;
      this.counters.delete(oldest[0]);
      this.options.onEvent?.('memory.evicted');
    }
  }
}

function closedError(): StoreUnavailableError {
  return new StoreUnavailableError('memory', 'the store is closed');
}
