import type { TokenBucketTake } from '../counter-store';
import { StoreUnavailableError, toStoreUnavailableError } from '../store-unavailable-error';
import type { PendingOutcomes } from './pending-outcomes';

/** One batch as it goes to Redis: three kinds of work, each kind in its own arrays. */
export interface BatchRequest {
  /** INCRBY + EXPIRE: fixed windows and sliding windows' current keys, repeated keys merged. */
  readonly counterKeys: string[];
  readonly addends: number[];
  readonly ttlSeconds: number[];
  /** GET: sliding windows' previous keys, each once. */
  readonly readKeys: string[];
  /** Token bucket takes, in the order they were asked for (each one sees the ones before). */
  readonly takes: TokenBucketTake[];
}

export interface TakeReply {
  readonly isAllowed: boolean;
  readonly tatBeforeMs: number;
}

/** The answers, parallel to the request's arrays: counts after INCRBY, values read (0 = missing). */
export interface BatchReply {
  readonly counts: number[];
  readonly reads: number[];
  readonly takes: TakeReply[];
}

export type BatchExecutor = (request: BatchRequest) => Promise<BatchReply>;

export interface CounterBatcherOptions {
  readonly execute: BatchExecutor;
  /** KV_PIPELINE_WINDOW in ms; below 1 = flush after the current event-loop turn (setImmediate). */
  readonly windowMs: number;
  /** KV_PIPELINE_LIMIT in commands (2 per counter, 1 per read or take); 0 = unlimited. */
  readonly limit: number;
  /** A batch not answered within this time fails its callers with StoreUnavailableError. */
  readonly timeoutMs: number;
}

interface Slot {
  readonly pending: PendingOutcomes;
  readonly index: number;
}
interface MergedCounter {
  total: number;
  readonly ttlSeconds: number;
  readonly waiters: (Slot & { readonly addend: number })[];
}

/** The batch being filled during one turn (or pipeline window). */
class OpenBatch {
  readonly counters = new Map<string, MergedCounter>();
  readonly reads = new Map<string, Slot[]>();
  readonly takes: (Slot & { readonly take: TokenBucketTake })[] = [];

  get commandCount(): number {
    return this.counters.size * 2 + this.reads.size + this.takes.length;
  }

  get isEmpty(): boolean {
    return this.commandCount === 0;
  }
}

/**
 * Batches the counting of concurrent callers into one write (spec A7): everything enqueued during
 * one event-loop turn (or one pipeline window) goes out together, early once `limit` commands are
 * queued. A counter key repeated in a batch is sent once with the summed addend, and every caller
 * gets the count after its own addend, in enqueue order: base + a1, base + a1 + a2, ... where
 * base = reply - sum. Reads of one key are sent once. Token bucket takes keep their order.
 */
export class CounterBatcher {
  private batch = new OpenBatch();
  private scheduled = false;
  private flushToken = 0;

  constructor(private readonly options: CounterBatcherOptions) {}

  enqueueIncrement(
    pending: PendingOutcomes,
    index: number,
    key: string,
    addend: number,
    ttlSeconds: number,
  ): void {
    const waiter = { pending, index, addend };
    const merged = this.batch.counters.get(key);
    if (merged) {
      merged.total += addend;
      merged.waiters.push(waiter);
      return;
    }
    this.batch.counters.set(key, { total: addend, ttlSeconds, waiters: [waiter] });
    this.afterEnqueue();
  }

  enqueueRead(pending: PendingOutcomes, index: number, key: string): void {
    const waiters = this.batch.reads.get(key);
    if (waiters) return void waiters.push({ pending, index });
    this.batch.reads.set(key, [{ pending, index }]);
    this.afterEnqueue();
  }

  enqueueTake(pending: PendingOutcomes, index: number, take: TokenBucketTake): void {
    this.batch.takes.push({ pending, index, take });
    this.afterEnqueue();
  }

  /** Sends the current batch now. */
  flush(): void {
    this.scheduled = false;
    this.flushToken++;
    if (this.batch.isEmpty) return;
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
    const counters = [...batch.counters.values()];
    const reads = [...batch.reads.values()];
    try {
      const request: BatchRequest = {
        counterKeys: [...batch.counters.keys()],
        addends: counters.map((counter) => counter.total),
        ttlSeconds: counters.map((counter) => counter.ttlSeconds),
        readKeys: [...batch.reads.keys()],
        takes: batch.takes.map((slot) => slot.take),
      };
      const reply = await withTimeout(this.options.execute(request), this.options.timeoutMs);
      counters.forEach((counter, i) => distribute(counter, reply.counts[i]));
      reads.forEach((slots, i) =>
        slots.forEach((slot) => slot.pending.fillPreviousCount(slot.index, reply.reads[i])),
      );
      batch.takes.forEach((slot, i) =>
        slot.pending.fillTake(slot.index, reply.takes[i].isAllowed, reply.takes[i].tatBeforeMs),
      );
    } catch (error) {
      const failure = toStoreUnavailableError('redis', error);
      for (const counter of counters) for (const waiter of counter.waiters) waiter.pending.fail(failure);
      for (const slots of reads) for (const slot of slots) slot.pending.fail(failure);
      for (const slot of batch.takes) slot.pending.fail(failure);
    }
  }
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
