import type { TokenBucketTake } from '../counter-store';
import { COUNTER_CEILING } from '../saturate-count';
import { toStoreUnavailableError, type StoreUnavailableError } from '../store-unavailable-error';
import { BatchLayout, type BatchCounter, type BatchReply } from './batch-layout';
import { isKeyFailure } from './key-replies';
import type { PendingOutcomes } from './pending-outcomes';
import { withTimeout } from './with-timeout';

/** Sends one batch and answers in the layout's order (server, script or cluster: see RedisExecutor). */
export type BatchExecutor = (layout: BatchLayout) => Promise<BatchReply>;

export interface CounterBatcherOptions {
  readonly execute: BatchExecutor;
  /** KV_PIPELINE_WINDOW in ms; below 1 = flush after the current event-loop turn (setImmediate). */
  readonly windowMs: number;
  /** KV_PIPELINE_LIMIT in commands (BatchLayout.commandCount); 0 = unlimited. */
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
    return BatchLayout.commandCount(this.counters.size, this.slidingCount, this.takes.length);
  }
}

/**
 * Batches the counting of concurrent callers into one write (the Node process is the bottleneck):
 * everything enqueued during one event-loop turn (or one pipeline window) goes out together, early
 * once `limit` commands are queued. A counter key repeated in a batch is sent once with the summed
 * addend, and every caller gets the count after its own addend, in enqueue order: base + a1, base +
 * a1 + a2, ... where base = reply - sum. A sliding window also reads its previous window, once per
 * key. Token bucket takes keep their order. A key's own failure (key-replies.ts) fails only the
 * callers of that key, whose other hits are taken back (PendingOutcomes), and the counts the
 * others get leave their hits out; a saturated counter answers COUNTER_CEILING to all its callers.
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
    const { layout, counters } = toLayout(batch, this.options.ttlOf ?? noJitter);
    let reply: BatchReply;
    try {
      reply = await withTimeout(this.options.execute(layout), this.options.timeoutMs);
    } catch (error) {
      const failure = toStoreUnavailableError('redis', error);
      for (const counter of counters) for (const waiter of counter.waiters) waiter.pending.fail(failure);
      for (const slot of batch.takes) slot.pending.fail(failure);
      return;
    }
    failKeyFailures(batch, counters, reply);
    counters.forEach((counter, i) => {
      const count = reply.counts[i];
      if (!isKeyFailure(count)) distribute(counter, count);
      const previous = reply.previousCounts[i];
      if (isKeyFailure(previous)) return;
      for (const slot of counter.previousWaiters) slot.pending.fillPreviousCount(slot.index, previous);
    });
    batch.takes.forEach(({ pending, index }, i) => {
      const take = reply.takes[i];
      if (!isKeyFailure(take)) pending.fillTake(index, take.isAllowed, take.tatBeforeMs);
    });
  }
}

/** First, the callers of every key that failed fail (before any count is handed out). */
function failKeyFailures(batch: OpenBatch, counters: readonly MergedCounter[], reply: BatchReply): void {
  const failAll = (slots: readonly Slot[], failure: StoreUnavailableError) => {
    for (const slot of slots) slot.pending.fail(failure);
  };
  counters.forEach((counter, i) => {
    const count = reply.counts[i];
    if (isKeyFailure(count)) failAll(counter.waiters, count);
    const previous = reply.previousCounts[i];
    if (isKeyFailure(previous)) failAll(counter.previousWaiters, previous);
  });
  batch.takes.forEach((slot, i) => {
    const take = reply.takes[i];
    if (isKeyFailure(take)) slot.pending.fail(take);
  });
}

const noJitter = (lifetimeSeconds: number) => lifetimeSeconds;

/** The layout of the batch, and its merged counters in the same order. */
function toLayout(
  batch: OpenBatch,
  ttlOf: (lifetimeSeconds: number) => number,
): { layout: BatchLayout; counters: MergedCounter[] } {
  const ttlByLifetime = new Map<number, number>();
  const ttlFor = (lifetimeSeconds: number) => {
    let ttl = ttlByLifetime.get(lifetimeSeconds);
    if (ttl === undefined) ttlByLifetime.set(lifetimeSeconds, (ttl = ttlOf(lifetimeSeconds)));
    return ttl;
  };
  const counters: MergedCounter[] = [];
  const layoutCounters: BatchCounter[] = [];
  for (const [key, counter] of batch.counters) {
    counters.push(counter);
    layoutCounters.push({
      key,
      addend: counter.total,
      ttlSeconds: ttlFor(counter.lifetimeSeconds),
      slidingWindowSeconds: counter.slidingWindowSeconds,
    });
  }
  const layout = new BatchLayout(
    layoutCounters,
    batch.takes.map((slot) => slot.take),
  );
  return { layout, counters };
}

/**
 * Each caller's count: the counts before it plus its addend, leaving out the callers that failed
 * (their fillCount takes their hits back). A saturated counter is saturated for every caller.
 */
function distribute(counter: MergedCounter, reply: number): void {
  const isSaturated = reply >= COUNTER_CEILING;
  let count = reply - counter.total;
  for (const waiter of counter.waiters) {
    if (waiter.pending.isFailed) {
      waiter.pending.fillCount(waiter.index, 0);
      continue;
    }
    count += waiter.addend;
    waiter.pending.fillCount(waiter.index, isSaturated ? COUNTER_CEILING : count);
  }
}
