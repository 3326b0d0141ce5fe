import type { FlushAnswer } from '../cached/cached-delta';
import type { CounterOperation } from '../counter-store';
import type { BatchLayout, BatchReply } from './batch-layout';
import type { RedisClient } from './create-redis-client';

/** How a store's batches go out: `script` (one Lua call) or `commands` (the reference's INCRBY + EXPIRE). */
export type IncrementMode = 'script' | 'commands';

/**
 * Sends batches and reads to one store: a Redis server (single or sentinel: one pipeline or one
 * script call per batch) or a Redis Cluster (command by command, auto-pipelined per node).
 */
export interface RedisExecutor {
  readonly client: RedisClient;
  readonly incrementMode: IncrementMode;
  /** Picks the increment mode once the store answered at start-up (KV_INCREMENT_SCRIPT). */
  decideIncrementMode(setting: 'auto' | 'on' | 'off'): Promise<void>;
  execute(layout: BatchLayout): Promise<BatchReply>;
  /**
   * Cached counting's flush: the layout's counters only, each key's total or its own failure; a
   * key whose command got no answer is a DeltaNotAnswered, so the keys that were counted stand.
   * Rejects when nothing could be sent or answered at all.
   */
  incrementEach(layout: BatchLayout): Promise<FlushAnswer[]>;
  /**
   * Takes back the hits of operations whose call failed on another key
   * (docs/stores.md#an-error-on-one-key): a counter is decremented by its addend, a bucket's TAT
   * moved back by its hits.
   */
  undo(operations: readonly CounterOperation[]): Promise<void>;
  /** GET of every key, in order (null = missing). */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
}
