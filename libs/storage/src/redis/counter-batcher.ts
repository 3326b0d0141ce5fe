import type { TokenBucketTake } from '../counter-store';
import { StoreUnavailableError, toStoreUnavailableError } from '../store-unavailable-error';
import type { PendingOutcomes } from './pending-outcomes';

/** One batch as it goes to Redis: window counters, then token bucket takes. */
export interface BatchRequest {
  /**
   * INCRBY + EXPIRE, repeated keys merged: the fixed windows first, then the sliding windows,
   * whose previous window (previousWindowKey) is read too.
   */
  readonly counterKeys: string[];
  readonly addends: number[];
  /** The expiry of each counter: one value per lifetime in a batch (jitter drawn once per batch). */
  readonly ttlSeconds: number[];
  /** The window (s) of each sliding counter: the last `slidingWindowSeconds.length` counters. */
  readonly slidingWindowSeconds: number[];
  /** Token bucket takes, in the order they were asked for (each one sees the ones before). */
  readonly takes: TokenBucketTake[];
}

export interface TakeReply {
  readonly isAllowed: boolean;
  readonly tatBeforeMs: number;
}

/** The answers, parallel to the request's arrays: counts after INCRBY, previous windows' counts (0 = missing). */
export interface BatchReply {
  readonly counts: number[];
  readonly previousCounts: number[];
  readonly takes: TakeReply[];
}

export type BatchExecutor = (request: BatchRequest) => Promise<BatchReply>;

export interface CounterBatcherOptions {
  readonly execute: BatchExecutor;
  /** KV_PIPELINE_WINDOW in ms; below 1 = flush after the current event-loop turn (setImmediate). */
  readonly windowMs: number;
  /** KV_PIPELINE_LIMIT in commands (2 per counter, 1 more per sliding window, 1 per take); 0 = unlimited. */
  readonly limit: number;
  /** A batch not answered within this time fails its callers with StoreUnavailableError. */
  readonly timeoutMs: number;
  /**
   * The expiry of a counter that lives `lifetimeSeconds` (the window, two for a sliding one):
   * adds the jitter. Called once per lifetime and batch, so a batch has one expiry per
   * lifetime, which the batch script sends once. Default: no jitter.
   */
  readonly ttlOf?: (lifetimeSeconds: number) => number;
}

interface Slot {
  readonly pending: PendingOutcomes;
  readonly index: number;
}
interface MergedCounter {
  total: number;
  /** How long the key must live: the window, two windows for a sliding one. */
  lifetimeSeconds: number;
  readonly waiters: (Slot & { readonly addend: number })[];
  /** A sliding window's length (s); 0 for a fixed window. */
  slidingWindowSeconds: number;
  /** Who waits for the previous window's count (sliding windows). */
  readonly previousWaiters: Slot[];
}

/** The batch being filled during one turn (or pipeline window). */
class OpenBatch {
  readonly counters = new Map<string, MergedCounter>();
  readonly takes: (Slot & { readonly take: TokenBucketTake })[] = [];
  slidingCount = 0;

  get commandCount(): number {
    return this.counters.size * 2 + this.slidingCount + this.takes.length;
  }
}

/**
 * Batches the counting of concurrent callers into one write (the Node process is the bottleneck):
 * everything enqueued during one event-loop turn (or one pipeline window) goes out together, early
 * once `limit` commands are queued. A counter key repeated in a batch is sent once with the summed
 * addend, and every caller gets the count after its own addend, in enqueue order: base + a1, base +
 * a1 + a2, ... where base = reply - sum. A sliding window also reads its previous window, once per
 * key. Token bucket takes keep their order.
 */
export class CounterBatcher {
  private batch = new OpenBatch();
  private scheduled = false;
  private flushToken = 0;

  constructor(private readonly options: CounterBatcherOptions) {}

  /**
   * INCRBY + EXPIRE of `key`, which must live `lifetimeSeconds` (plus jitter); with
   * `slidingWindowSeconds` > 0 (a sliding window) the caller also gets the previous window's count.
   */
  enqueueIncrement(
    pending: PendingOutcomes,
    index: number,
    key: string,
    addend: number,
    lifetimeSeconds: number,
    slidingWindowSeconds = 0,
  ): void {
    let merged = this.batch.counters.get(key);
    const isNew = merged === undefined;
    if (merged === undefined) {
      merged = { total: 0, lifetimeSeconds, waiters: [], slidingWindowSeconds: 0, previousWaiters: [] };
      this.batch.counters.set(key, merged);
    }
    merged.total += addend;
    merged.lifetimeSeconds = Math.max(merged.lifetimeSeconds, lifetimeSeconds);
    merged.waiters.push({ pending, index, addend });
    let addsCommands = isNew;
    if (slidingWindowSeconds > 0) {
      if (merged.slidingWindowSeconds === 0) {
        this.batch.slidingCount++;
        addsCommands = true;
      }
      merged.slidingWindowSeconds = slidingWindowSeconds;
      merged.previousWaiters.push({ pending, index });
    }
    if (addsCommands) this.afterEnqueue();
  }

  enqueueTake(pending: PendingOutcomes, index: number, take: TokenBucketTake): void {
    this.batch.takes.push({ pending, index, take });
    this.afterEnqueue();
  }

  /** Sends the current batch now. */
  flush(): void {
    this.scheduled = false;
    this.flushToken++;
    if (this.batch.commandCount === 0) return;
    const batch = this.batch;
    this.batch = new OpenBatch();
    void this.send(batch);
  }

  private afterEnqueue(): void {
    if (this.options.limit > 0 && this.batch.commandCount >= this.options.limit) this.flush();
    else if (!this.scheduled) this.schedule();
  }

  private schedule(): void {
    this.scheduled = true;
    const token = this.flushToken;
    const flushIfCurrent = () => {
      if (this.scheduled && token === this.flushToken) this.flush();
    };
    // timers have 1 ms resolution: a sub-millisecond window (Envoy's usual 150us) is one turn
    if (this.options.windowMs >= 1) setTimeout(flushIfCurrent, this.options.windowMs);
    else setImmediate(flushIfCurrent);
  }

  private async send(batch: OpenBatch): Promise<void> {
    const { request, counters } = toRequest(batch, this.options.ttlOf ?? noJitter);
    const slidingFrom = counters.length - request.slidingWindowSeconds.length;
    try {
      const reply = await withTimeout(this.options.execute(request), this.options.timeoutMs);
      counters.forEach((counter, i) => distribute(counter, reply.counts[i]));
      for (let i = slidingFrom; i < counters.length; i++) {
        const previous = reply.previousCounts[i - slidingFrom];
        for (const slot of counters[i].previousWaiters) slot.pending.fillPreviousCount(slot.index, previous);
      }
      batch.takes.forEach(({ pending, index }, i) =>
        pending.fillTake(index, reply.takes[i].isAllowed, reply.takes[i].tatBeforeMs),
      );
    } catch (error) {
      const failure = toStoreUnavailableError('redis', error);
      for (const counter of counters) for (const waiter of counter.waiters) waiter.pending.fail(failure);
      for (const slot of batch.takes) slot.pending.fail(failure);
    }
  }
}

const noJitter = (lifetimeSeconds: number) => lifetimeSeconds;

/** The request, fixed windows first, and the merged counters in the same order. */
function toRequest(
  batch: OpenBatch,
  ttlOf: (lifetimeSeconds: number) => number,
): { request: BatchRequest; counters: MergedCounter[] } {
  const fixed: [string, MergedCounter][] = [];
  const sliding: [string, MergedCounter][] = [];
  for (const entry of batch.counters) (entry[1].slidingWindowSeconds > 0 ? sliding : fixed).push(entry);
  const ordered = sliding.length === 0 ? fixed : fixed.concat(sliding);
  const counters = ordered.map(([, counter]) => counter);
  const ttlByLifetime = new Map<number, number>();
  const ttlFor = ({ lifetimeSeconds }: MergedCounter) => {
    let ttl = ttlByLifetime.get(lifetimeSeconds);
    if (ttl === undefined) ttlByLifetime.set(lifetimeSeconds, (ttl = ttlOf(lifetimeSeconds)));
    return ttl;
  };
  const request: BatchRequest = {
    counterKeys: ordered.map(([key]) => key),
    addends: counters.map((counter) => counter.total),
    ttlSeconds: counters.map(ttlFor),
    slidingWindowSeconds: sliding.map(([, counter]) => counter.slidingWindowSeconds),
    takes: batch.takes.map((slot) => slot.take),
  };
  return { request, counters };
}

function distribute(counter: MergedCounter, reply: number): void {
  let count = reply - counter.total;
  for (const waiter of counter.waiters) {
    count += waiter.addend;
    waiter.pending.fillCount(waiter.index, count);
  }
}

/** Rejects with StoreUnavailableError when `promise` has not settled within `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new StoreUnavailableError('redis', `no answer within ${timeoutMs} ms (KV_TIMEOUT)`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
