import type { CachedDelta, FlushAnswer } from '../cached/cached-delta';
import type { CounterOperation } from '../counter-store';
import type { RedisConnectionOptions } from '../counter-store-options';
import { toStoreUnavailableError } from '../store-unavailable-error';
import { storedCountOrThrow } from './key-replies';
import { CounterBatcher } from './counter-batcher';
import type { RedisClient } from './create-redis-client';
import { createRedisExecutor } from './create-redis-executor';
import { flushDeltasToRedis } from './flush-deltas-to-redis';
import type { IncrementMode, RedisExecutor } from './redis-executor';
import { untilConnectionSettles } from './until-connection-settles';
import { withTimeout } from './with-timeout';

/** Which store a lane talks to; used in events and error messages. */
export type LaneName = 'main' | 'per_second';

/**
 * One Redis store (main or per-second): its executor (server or cluster, with its ioredis client)
 * plus the batcher that turns the counting of concurrent callers into one batch per event-loop turn.
 */
export class RedisLane {
  readonly client: RedisClient;
  /** Where callers enqueue their increments and takes. */
  readonly batcher: CounterBatcher;
  private readonly executor: RedisExecutor;
  /** The last connection error, so failures while disconnected can say why. */
  private lastConnectionError: Error | undefined;
  private closed = false;

  constructor(
    readonly name: LaneName,
    private readonly options: RedisConnectionOptions,
    onError: (lane: LaneName, error: Error) => void,
    ttlOf: (lifetimeSeconds: number) => number,
  ) {
    this.executor = createRedisExecutor(options, () => this.closed);
    this.client = this.executor.client;
    const recordError = (error: Error) => {
      this.lastConnectionError = error;
      onError(name, error);
    };
    this.client.on('error', recordError);
    this.client.on('node error', recordError);
    this.client.on('ready', () => (this.lastConnectionError = undefined));
    this.batcher = new CounterBatcher({
      execute: (layout) => {
        this.assertConnected();
        return this.executor.execute(layout);
      },
      windowMs: options.pipelineWindowMs,
      limit: options.pipelineLimit,
      timeoutMs: options.timeoutMs,
      ttlOf,
    });
  }

  /** GET of every key (missing = 0), bounded by the timeout. */
  async getMany(keys: string[]): Promise<number[]> {
    try {
      this.assertConnected();
      const values = await withTimeout(this.executor.getMany(keys), this.options.timeoutMs);
      return values.map((value, i) => storedCountOrThrow(keys[i], value));
    } catch (error) {
      throw toStoreUnavailableError('redis', error);
    }
  }

  /** Cached counting's flush (flushDeltasToRedis), bounded by `timeoutMs` (default the store's). */
  async flushDeltas(
    deltas: readonly CachedDelta[],
    timeoutMs = this.options.timeoutMs,
  ): Promise<FlushAnswer[]> {
    try {
      this.assertConnected();
      return await withTimeout(flushDeltasToRedis(this.executor, deltas), timeoutMs);
    } catch (error) {
      throw toStoreUnavailableError('redis', error);
    }
  }

  /**
   * Takes back the hits of a failed call (docs/stores.md#an-error-on-one-key), bounded by the
   * timeout. Resolves false when that failed too: those hits then stay counted until their window ends.
   */
  async undo(operations: readonly CounterOperation[]): Promise<boolean> {
    try {
      this.assertConnected();
      await withTimeout(this.executor.undo(operations), this.options.timeoutMs);
      return true;
    } catch {
      return false;
    }
  }

  /** Picks how batches are sent, once the store answered at start-up (KV_INCREMENT_SCRIPT). */
  decideIncrementMode(): Promise<void> {
    return this.executor.decideIncrementMode(this.options.incrementScript ?? 'off');
  }

  /** How this store sends batches (reported at start-up). */
  get incrementMode(): IncrementMode {
    return this.executor.incrementMode;
  }

  /** True while the client has a connection ready for commands. */
  isConnected(): boolean {
    return this.client.status === 'ready';
  }

  /**
   * PING once a connection is ready. A connection still being made is waited for (at most the
   * store timeout, as its connect timeout) instead of failing at once: the first start-up probe
   * runs right after the client is created, and failing it cost a whole start-up retry interval
   * (KV_STARTUP_INITIAL_INTERVAL, 1 s) on every start.
   */
  async ping(): Promise<void> {
    await untilConnectionSettles(this.client, this.options.timeoutMs);
    this.assertConnected();
    await withTimeout(this.client.ping(), this.options.timeoutMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.batcher.flush();
    try {
      await withTimeout(this.client.quit(), this.options.timeoutMs);
    } catch {
      this.client.disconnect();
    }
  }

  /**
   * Fails at once while there is no ready connection (no offline queue), naming the store and
   * the last connection error instead of ioredis' generic "Stream isn't writeable".
   */
  private assertConnected(): void {
    if (this.client.status === 'ready') return;
    const store = `${this.options.type} ${this.name} store ${maskCredentials(this.options.url)}`;
    const cause = this.lastConnectionError;
    const reason = cause ? `: ${cause.message}` : '';
    throw new Error(`not connected to the ${store} (connection ${this.client.status})${reason}`, { cause });
  }
}

function maskCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
