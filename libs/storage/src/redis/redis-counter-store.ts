import type { CachedDelta, FlushAnswer } from '../cached/cached-delta';
import {
  type CounterOperation,
  type CounterOutcome,
  type CounterRead,
  type CounterStore,
} from '../counter-store';
import type { RedisStoreOptions } from '../counter-store-options';
import { expirySeconds } from '../expiry-seconds';
import { storeClosedError } from '../store-unavailable-error';
import { PendingOutcomes, type AppliedHitsUndo } from './pending-outcomes';
import type { IncrementMode } from './redis-executor';
import { RedisLane, type LaneName } from './redis-lane';
import { retryUntilReady } from './startup-retry';
import { trackConnections } from './track-connections';

/**
 * Counters in Redis (docs/stores.md): INCRBY + EXPIRE(window + jitter) per key (the batch script sends
 * EXPIRE only when INCRBY created the key), batched across concurrent callers into one pipeline
 * or script call per store and turn; a sliding window adds a GET of its
 * previous window and keeps its current one for two windows, a token bucket is an atomic script
 * (docs/algorithms.md). 1-second windows (and buckets) go to the per-second store when one is
 * configured. Every call answers or fails with StoreUnavailableError within the store's timeoutMs.
 * Connections are reported through onEvent as `redis_pool.cx_total` / `.cx_local_close`
 * (`redis_per_second_pool.*` for the per-second store), the reference's pool stats. Health:
 * unhealthy until the start-up PING succeeds; then, with healthCheckActiveConnection, unhealthy
 * whenever a store has no ready connection.
 */
export class RedisCounterStore implements CounterStore, AppliedHitsUndo {
  private readonly main: RedisLane;
  private readonly perSecond: RedisLane | undefined;
  private readonly lanes: RedisLane[];
  private readonly readyPromise: Promise<void>;
  private started = false;
  private closed = false;
  /** Undos in flight (flush() waits for them). */
  private readonly undos = new Set<Promise<unknown>>();
  /** The start-up back-off wait in progress, ended early by close(). */
  private backoff: { timer: NodeJS.Timeout; wake: () => void } | undefined;

  constructor(private readonly options: RedisStoreOptions) {
    const onError = (lane: LaneName, _error: Error) =>
      options.onEvent?.('redis.connection_error', { store: lane });
    const { jitterMaxSeconds, random } = options;
    const ttlOf = (lifetimeSeconds: number) => expirySeconds(lifetimeSeconds, jitterMaxSeconds, random);
    this.main = new RedisLane('main', options.main, onError, ttlOf);
    this.perSecond = options.perSecond
      ? new RedisLane('per_second', options.perSecond, onError, ttlOf)
      : undefined;
    this.lanes = this.perSecond ? [this.main, this.perSecond] : [this.main];
    for (const lane of this.lanes) {
      const scope = lane.name === 'main' ? 'redis_pool' : 'redis_per_second_pool';
      trackConnections(lane.client, (event) => options.onEvent?.(`${scope}.${event}`));
    }
    this.readyPromise = this.waitForStartup();
    this.readyPromise.catch(() => undefined); // reported through ready(); never unhandled
  }

  countMany(operations: readonly CounterOperation[]): Promise<CounterOutcome[]> {
    if (this.closed) return Promise.reject(storeClosedError('redis'));
    if (operations.length === 0) return Promise.resolve([]);
    const pending = new PendingOutcomes(operations.length, operations, this);
    let parts = 0; // a sliding window waits for its count and its previous window's count
    for (const operation of operations)
      parts += operation.primitive === 'increment_and_read_previous' ? 2 : 1;
    pending.expect(parts);
    for (let i = 0; i < operations.length; i++) {
      const operation = operations[i];
      const { key, addend, windowSeconds } = operation;
      const lane = this.laneFor(windowSeconds);
      if (operation.primitive === 'take_tokens') {
        lane.batcher.enqueueTake(pending, i, operation);
      } else if (operation.primitive === 'increment_and_read_previous') {
        lane.batcher.enqueueIncrement(pending, i, key, addend, 2 * windowSeconds, windowSeconds);
      } else {
        lane.batcher.enqueueIncrement(pending, i, key, addend, windowSeconds);
      }
    }
    return pending.promise;
  }

  async getMany(reads: readonly CounterRead[]): Promise<number[]> {
    if (this.closed) throw storeClosedError('redis');
    const counts = new Array<number>(reads.length);
    await Promise.all(
      this.lanes.map(async (lane) => {
        const indexes = reads.flatMap((read, i) => (this.laneFor(read.windowSeconds) === lane ? [i] : []));
        if (indexes.length === 0) return;
        const values = await lane.getMany(indexes.map((i) => reads[i].key));
        indexes.forEach((readIndex, j) => (counts[readIndex] = values[j]));
      }),
    );
    return counts;
  }

  /** The store a window's counters go to: cached counting runs one engine per store. */
  storeFor(windowSeconds: number): LaneName {
    return this.laneFor(windowSeconds).name;
  }

  /**
   * Cached counting's flush (docs/stores.md#cached-counting): every delta INCRBY'd with its expiry
   * on one store in one round trip, each key's total (or its own failure) answered in order.
   * `timeoutMs` defaults to the store's (KV_TIMEOUT); a flush of thousands of keys needs more
   * (docs/stores.md#cached-counting), and no caller waits for it.
   */
  flushDeltas(store: LaneName, deltas: readonly CachedDelta[], timeoutMs?: number): Promise<FlushAnswer[]> {
    if (this.closed) return Promise.reject(storeClosedError('redis'));
    const lane = store === 'per_second' && this.perSecond ? this.perSecond : this.main;
    return lane.flushDeltas(deltas, timeoutMs);
  }

  /**
   * Takes back the hits of a call that failed on one of its other keys (PendingOutcomes), on the
   * store each went to. A failed undo is reported as `redis.undo_error` {store}.
   */
  undoApplied(operations: readonly CounterOperation[], indexes: readonly number[]): void {
    for (const lane of this.lanes) {
      const mine = indexes
        .filter((i) => this.laneFor(operations[i].windowSeconds) === lane)
        .map((i) => operations[i]);
      if (mine.length === 0) continue;
      const undo = lane.undo(mine).then((isDone) => {
        if (!isDone) this.options.onEvent?.('redis.undo_error', { store: lane.name });
      });
      this.undos.add(undo);
      void undo.finally(() => this.undos.delete(undo));
    }
  }

  /** Redis increments are synchronous with the call; waits for the undos of failed calls. */
  async flush(): Promise<void> {
    while (this.undos.size > 0) await Promise.all([...this.undos]);
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  isHealthy(): boolean {
    if (!this.started || this.closed) return false;
    return !this.options.healthCheckActiveConnection || this.lanes.every((lane) => lane.isConnected());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.backoff) {
      clearTimeout(this.backoff.timer);
      this.backoff.wake();
    }
    await Promise.all(this.lanes.map((lane) => lane.close()));
  }

  private laneFor(windowSeconds: number): RedisLane {
    return windowSeconds === 1 && this.perSecond ? this.perSecond : this.main;
  }

  private async waitForStartup(): Promise<void> {
    await retryUntilReady(this.options.startup, {
      probe: async () => {
        await Promise.all(this.lanes.map((lane) => lane.ping()));
      },
      now: this.options.now,
      random: this.options.random,
      sleep: (ms) => this.sleep(ms),
      isCancelled: () => this.closed,
    });
    await Promise.all(this.lanes.map((lane) => lane.decideIncrementMode()));
    this.started = true;
  }

  /** How each store sends its batches: `script` (one Lua call) or `commands` (INCRBY + EXPIRE). */
  incrementModes(): Readonly<Partial<Record<LaneName, IncrementMode>>> {
    const modes: Partial<Record<LaneName, IncrementMode>> = { main: this.main.incrementMode };
    if (this.perSecond) modes.per_second = this.perSecond.incrementMode;
    return modes;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.backoff = undefined;
        resolve();
      };
      this.backoff = { timer: setTimeout(wake, ms), wake };
    });
  }
}
