import type { Cluster, Redis } from 'ioredis';
import type { TokenBucketTake } from '../counter-store';
import type { RedisConnectionOptions } from '../counter-store-options';
import { toStoreUnavailableError } from '../store-unavailable-error';
import { defineBatchScript, runBatchScript, supportsBatchScript } from './batch-script';
import { previousWindowKey } from '../build-cache-key';
import {
  CounterBatcher,
  withTimeout,
  type BatchExecutor,
  type BatchReply,
  type BatchRequest,
} from './counter-batcher';
import { withRedirects } from './cluster-redirects';
import { createRedisClient, type RedisClient } from './create-redis-client';
import { untilConnectionSettles } from './until-connection-settles';
import type { PendingOutcomes } from './pending-outcomes';
import { defineTokenBucketScript, sendTake, toTakeReply } from './token-bucket-script';

/** Which store a lane talks to; used in events and error messages. */
export type LaneName = 'main' | 'per_second';

/**
 * One Redis store (main or per-second): its ioredis client plus the batcher that turns the
 * counting of concurrent callers into one pipeline per event-loop turn.
 */
export class RedisLane {
  readonly client: RedisClient;
  private readonly batcher: CounterBatcher;
  private readonly isCluster: boolean;
  /** The last connection error, so failures while disconnected can say why. */
  private lastConnectionError: Error | undefined;
  private closed = false;
  /** Batches go out as one script call (see batch-script.ts); decided by decideIncrementMode. */
  private usesScript = false;

  constructor(
    readonly name: LaneName,
    private readonly options: RedisConnectionOptions,
    onError: (lane: LaneName, error: Error) => void,
    ttlOf: (lifetimeSeconds: number) => number,
  ) {
    this.client = createRedisClient(options, () => this.closed);
    this.isCluster = options.type === 'cluster';
    const recordError = (error: Error) => {
      this.lastConnectionError = error;
      onError(name, error);
    };
    this.client.on('error', recordError);
    this.client.on('node error', recordError);
    this.client.on('ready', () => (this.lastConnectionError = undefined));
    // token buckets by a one-key script: always on a cluster, per key in the commands mode
    defineTokenBucketScript(this.client);
    const execute: BatchExecutor = this.isCluster ? this.executeOnCluster : this.executePipeline;
    this.batcher = new CounterBatcher({
      execute,
      windowMs: options.pipelineWindowMs,
      limit: options.pipelineLimit,
      timeoutMs: options.timeoutMs,
      ttlOf,
    });
  }

  /**
   * INCRBY + EXPIRE of a key living `lifetimeSeconds` (+ jitter): a fixed window, or (with its
   * window) a sliding window that also reads its previous one.
   */
  enqueueIncrement(
    pending: PendingOutcomes,
    index: number,
    key: string,
    addend: number,
    lifetimeSeconds: number,
    slidingWindowSeconds = 0,
  ): void {
    this.batcher.enqueueIncrement(pending, index, key, addend, lifetimeSeconds, slidingWindowSeconds);
  }

  enqueueTake(pending: PendingOutcomes, index: number, take: TokenBucketTake): void {
    this.batcher.enqueueTake(pending, index, take);
  }

  /** GET of every key (missing = 0), bounded by the timeout. */
  async getMany(keys: string[]): Promise<number[]> {
    try {
      this.assertConnected();
      const values = await withTimeout(
        this.isCluster ? this.getOnCluster(keys) : this.getPipelined(keys),
        this.options.timeoutMs,
      );
      return values.map((value) => (value === null ? 0 : Number(value)));
    } catch (error) {
      throw toStoreUnavailableError('redis', error);
    }
  }

  /**
   * Picks how batches are sent, once the store answered at start-up: `on` always uses the script,
   * `auto` only on a Redis server that runs it, `off` (and every cluster) uses commands.
   */
  async decideIncrementMode(): Promise<void> {
    const mode = this.options.incrementScript ?? 'off';
    if (this.isCluster || mode === 'off') return;
    const client = this.client as Redis;
    if (mode === 'on') defineBatchScript(client);
    this.usesScript = mode === 'on' || (await supportsBatchScript(client));
  }

  /** How this store sends batches (reported at start-up). */
  get incrementMode(): 'script' | 'commands' {
    return this.usesScript ? 'script' : 'commands';
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

  /**
   * Single / sentinel: the whole batch in one write and one read, as one script call or as one
   * explicit pipeline of the reference's commands (INCRBY + EXPIRE per counter, GET per read) with
   * token buckets as one-key script calls in the same pipeline.
   */
  private readonly executePipeline: BatchExecutor = async (request) => {
    this.assertConnected();
    const client = this.client as Redis;
    if (this.usesScript) return runBatchScript(client, request);
    const { counterKeys, addends, ttlSeconds, takes } = request;
    const pipeline = client.pipeline();
    for (let i = 0; i < counterKeys.length; i++)
      pipeline.incrby(counterKeys[i], addends[i]).expire(counterKeys[i], ttlSeconds[i]);
    for (const key of previousKeysOf(request)) pipeline.get(key);
    for (const take of takes) void sendTake(pipeline, take);
    const replies = (await pipeline.exec()) ?? [];
    replies.forEach((_, i) => replyOf(replies, i)); // surface any command's error
    const previous = 2 * counterKeys.length;
    const buckets = previous + request.slidingWindowSeconds.length;
    return {
      counts: counterKeys.map((_, i) => Number(replyOf(replies, 2 * i))),
      previousCounts: request.slidingWindowSeconds.map((_, i) => Number(replyOf(replies, previous + i) ?? 0)),
      takes: takes.map((_, i) => takeReplyOf(replyOf(replies, buckets + i))),
    };
  };

  /**
   * Cluster: a pipeline may not span slots (ioredis fails it with a cross-slot error), so each
   * command goes out on its own and ioredis auto-pipelining writes the commands of this turn once
   * per node; a token bucket is a one-key script, which runs on the node of its slot. A command
   * redirected because its slot moved is sent again to the new master (withRedirects).
   */
  private readonly executeOnCluster: BatchExecutor = async (request): Promise<BatchReply> => {
    this.assertConnected();
    const cluster = this.client as Cluster;
    const { counterKeys, addends, ttlSeconds, takes } = request;
    const counts = counterKeys.map((key, i) => withRedirects(cluster, () => cluster.incrby(key, addends[i])));
    const expiries = counterKeys.map((key, i) =>
      withRedirects(cluster, () => cluster.expire(key, ttlSeconds[i]), counts[i]),
    );
    const previous = previousKeysOf(request).map((key) => withRedirects(cluster, () => cluster.get(key)));
    const taken = takes.map((take) => withRedirects(cluster, () => sendTake(cluster, take)));
    const [countValues, , previousValues, takeValues] = await Promise.all([
      Promise.all(counts),
      Promise.all(expiries),
      Promise.all(previous),
      Promise.all(taken),
    ]);
    return {
      counts: countValues,
      previousCounts: previousValues.map((value) => (value === null ? 0 : Number(value))),
      takes: takeValues.map(takeReplyOf),
    };
  };

  private async getPipelined(keys: string[]): Promise<(string | null)[]> {
    const pipeline = (this.client as Redis).pipeline();
    for (const key of keys) pipeline.get(key);
    const replies = (await pipeline.exec()) ?? [];
    return keys.map((_, i) => replyOf(replies, i) as string | null);
  }

  private getOnCluster(keys: string[]): Promise<(string | null)[]> {
    const cluster = this.client as Cluster;
    return Promise.all(keys.map((key) => withRedirects(cluster, () => cluster.get(key))));
  }
}

function maskCredentials(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

function replyOf(replies: [error: Error | null, result: unknown][], index: number): unknown {
  const reply = replies[index];
  if (reply === undefined) throw new Error(`pipeline answered ${replies.length} replies, expected more`);
  if (reply[0]) throw reply[0];
  return reply[1];
}

function takeReplyOf(reply: unknown) {
  const [allowed, tat] = reply as [unknown, unknown];
  return toTakeReply(allowed, tat);
}

/** The previous window's key of each sliding counter (the last counters of the request). */
function previousKeysOf(request: BatchRequest): string[] {
  const { counterKeys, slidingWindowSeconds } = request;
  const first = counterKeys.length - slidingWindowSeconds.length;
  return slidingWindowSeconds.map((windowSeconds, s) =>
    previousWindowKey(counterKeys[first + s], windowSeconds),
  );
}
