import type { Redis } from 'ioredis';
import type { FlushAnswer } from '../cached/cached-delta';
import type { CounterOperation } from '../counter-store';
import { resultAt, type BatchLayout, type BatchReply } from './batch-layout';
import { defineBatchScript, runBatchScript, supportsBatchScript } from './batch-script';
import type { IncrementMode, RedisExecutor } from './redis-executor';
import { defineTokenBucketScript, untakeArguments } from './token-bucket-script';

/**
 * A Redis server (single or sentinel): the whole batch in one write and one read, as one script
 * call (batch-script.ts) or as one explicit pipeline of the reference's commands, with token
 * buckets as one-key script calls in the same pipeline.
 */
export class ServerExecutor implements RedisExecutor {
  private usesScript = false;

  constructor(readonly client: Redis) {
    defineTokenBucketScript(client);
  }

  get incrementMode(): IncrementMode {
    return this.usesScript ? 'script' : 'commands';
  }

  /** `on` always uses the script, `auto` only on a Redis server that runs it, `off` commands. */
  async decideIncrementMode(setting: 'auto' | 'on' | 'off'): Promise<void> {
    if (setting === 'off') return;
    if (setting === 'on') defineBatchScript(this.client);
    this.usesScript = setting === 'on' || (await supportsBatchScript(this.client));
  }

  async execute(layout: BatchLayout): Promise<BatchReply> {
    if (this.usesScript) return runBatchScript(this.client, layout);
    const pipeline = this.client.pipeline();
    layout.queueCommands(pipeline);
    return layout.readCommandReplies((await pipeline.exec()) ?? []);
  }

  /** One round trip for every key: it answers all of them or none (then it rejects). */
  async incrementEach(layout: BatchLayout): Promise<FlushAnswer[]> {
    return (await this.execute(layout)).counts;
  }

  /** Gives back hits of failed calls: DECRBY per counter, the untake script per bucket, one pipeline. */
  async undo(operations: readonly CounterOperation[]): Promise<void> {
    const pipeline = this.client.pipeline();
    for (const operation of operations) {
      if (operation.primitive === 'take_tokens')
        pipeline.ratelimitUntakeTokens(...untakeArguments(operation));
      else pipeline.decrby(operation.key, operation.addend);
    }
    const replies = (await pipeline.exec()) ?? [];
    replies.forEach((_, i) => resultAt(replies, i));
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    const pipeline = this.client.pipeline();
    for (const key of keys) pipeline.get(key);
    const replies = (await pipeline.exec()) ?? [];
    return keys.map((_, i) => resultAt(replies, i) as string | null);
  }
}
