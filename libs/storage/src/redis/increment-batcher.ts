import { StoreUnavailableError, toStoreUnavailableError } from '../store-unavailable-error';

/** One incrementMany call: filled slot by slot, possibly by several batches (two stores). */
export class PendingIncrements {
  readonly counts: number[];
  readonly promise: Promise<number[]>;
  private remaining: number;
  private settled = false;
  private resolvePromise!: (counts: number[]) => void;
  private rejectPromise!: (error: Error) => void;

  constructor(size: number) {
    this.counts = new Array<number>(size);
    this.remaining = size;
    this.promise = new Promise<number[]>((resolve, reject) => {
      this.resolvePromise = resolve;
      this.rejectPromise = reject;
    });
  }

  fill(index: number, count: number): void {
    this.counts[index] = count;
    if (--this.remaining === 0 && !this.settled) {
      this.settled = true;
      this.resolvePromise(this.counts);
    }
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.rejectPromise(error);
  }
}

interface Waiter {
  readonly pending: PendingIncrements;
  readonly index: number;
  readonly addend: number;
}

interface MergedKey {
  total: number;
  readonly ttlSeconds: number;
  readonly waiters: Waiter[];
}

/** Sends one batch: INCRBY keys[i] addends[i] + EXPIRE keys[i] ttls[i]; resolves to the INCRBY replies. */
export type BatchExecutor = (keys: string[], addends: number[], ttlSeconds: number[]) => Promise<number[]>;

export interface IncrementBatcherOptions {
  readonly execute: BatchExecutor;
  /** KV_PIPELINE_WINDOW in ms; below 1 = flush after the current event-loop turn (setImmediate). */
  readonly windowMs: number;
  /** KV_PIPELINE_LIMIT in commands (2 per key); 0 = unlimited. */
  readonly limit: number;
  /** A batch not answered within this time fails its callers with StoreUnavailableError. */
  readonly timeoutMs: number;
}

/**
 * Batches increments of concurrent callers into one write (spec A7): everything enqueued during
 * one event-loop turn (or one pipeline window) goes out together, early once `limit` commands
 * are queued. A key repeated in a batch is sent once with the summed addend (INCRBY + EXPIRE),
 * and every caller gets the count after its own addend, in enqueue order:
 * base + a1, base + a1 + a2, ... where base = reply - sum.
 */
export class IncrementBatcher {
  private batch = new Map<string, MergedKey>();
  private scheduled = false;
  private flushToken = 0;

  constructor(private readonly options: IncrementBatcherOptions) {}

  enqueue(pending: PendingIncrements, index: number, key: string, addend: number, ttlSeconds: number): void {
    const waiter: Waiter = { pending, index, addend };
    const merged = this.batch.get(key);
    if (merged) {
      merged.total += addend;
      merged.waiters.push(waiter);
      return;
    }
    this.batch.set(key, { total: addend, ttlSeconds, waiters: [waiter] });
    if (this.options.limit > 0 && this.batch.size * 2 >= this.options.limit) this.flush();
    else if (!this.scheduled) this.schedule();
  }

  /** Sends the current batch now. */
  flush(): void {
    this.scheduled = false;
    this.flushToken++;
    if (this.batch.size === 0) return;
    const batch = this.batch;
    this.batch = new Map();
    void this.send(batch);
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

  private async send(batch: Map<string, MergedKey>): Promise<void> {
    const keys = [...batch.keys()];
    const merged = [...batch.values()];
    try {
      const replies = await withTimeout(
        this.options.execute(
          keys,
          merged.map((m) => m.total),
          merged.map((m) => m.ttlSeconds),
        ),
        this.options.timeoutMs,
      );
      merged.forEach((entry, i) => distribute(entry, replies[i]));
    } catch (error) {
      const failure = toStoreUnavailableError('redis', error);
      for (const entry of merged) for (const waiter of entry.waiters) waiter.pending.fail(failure);
    }
  }
}

function distribute(entry: MergedKey, reply: number): void {
  let count = reply - entry.total;
  for (const waiter of entry.waiters) {
    count += waiter.addend;
    waiter.pending.fill(waiter.index, count);
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
