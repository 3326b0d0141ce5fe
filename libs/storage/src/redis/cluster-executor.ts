import type { Cluster } from 'ioredis';
import { DeltaNotAnswered, type FlushAnswer } from '../cached/cached-delta';
import type { CounterOperation } from '../counter-store';
import { BatchLayout, type BatchCounter, type BatchReply } from './batch-layout';
import { withRedirects } from './cluster-redirects';
import { incrementAnswer, isReplyError, storedCountAnswer } from './key-replies';
import type { IncrementMode, RedisExecutor } from './redis-executor';
import { defineTokenBucketScript, takeArguments, takeReplyOf, untakeArguments } from './token-bucket-script';

/**
 * Redis Cluster: a pipeline may not span slots (ioredis fails it with a cross-slot error), so each
 * command goes out on its own and ioredis auto-pipelining writes the commands of this turn once
 * per node; a token bucket is a one-key script, which runs on the node of its slot. A command
 * redirected because its slot moved is sent again to the new master (withRedirects). Always
 * commands: the batch script's keys span slots. A command's error is its key's answer
 * (key-replies.ts); an EXPIRE's error fails the batch.
 */
export class ClusterExecutor implements RedisExecutor {
  readonly incrementMode: IncrementMode = 'commands';

  constructor(readonly client: Cluster) {
    defineTokenBucketScript(client);
  }

  decideIncrementMode(): Promise<void> {
    return Promise.resolve();
  }

  async execute(layout: BatchLayout): Promise<BatchReply> {
    const cluster = this.client;
    const { counters, takes } = layout;
    const written = counters.map((counter) => this.incrementWithExpiry(counter));
    const previous = counters.map((counter) => {
      if (counter.slidingWindowSeconds === 0) return 0;
      const key = BatchLayout.previousKeyOf(counter);
      return answerOf(
        withRedirects(cluster, () => cluster.get(key)),
        (reply) => storedCountAnswer(key, reply),
      );
    });
    const taken = takes.map((take) =>
      answerOf(
        withRedirects(cluster, () => cluster.ratelimitTakeTokens(...takeArguments(take))),
        (reply) => takeReplyOf(take.key, reply),
      ),
    );
    const [countAnswers, , previousAnswers, takeAnswers] = await Promise.all([
      Promise.all(written.map(({ count }) => count)),
      Promise.all(written.map(({ expiry }) => expiry)),
      Promise.all(previous),
      Promise.all(taken),
    ]);
    return { counts: countAnswers, previousCounts: previousAnswers, takes: takeAnswers };
  }

  /**
   * Each key settles alone (its node's answer), so a node that fails during a flush leaves the
   * other nodes' counts standing instead of sending them again; an EXPIRE that fails after its
   * INCRBY leaves the count standing too (the key then ends with its window's next key).
   */
  async incrementEach(layout: BatchLayout): Promise<FlushAnswer[]> {
    const answers = layout.counters.map((counter) => {
      const { count, expiry } = this.incrementWithExpiry(counter);
      expiry.catch(() => undefined);
      return count.catch((error: unknown) => new DeltaNotAnswered(counter.key, error));
    });
    const settled = await Promise.all(answers);
    if (settled.length > 0 && settled.every((answer) => answer instanceof DeltaNotAnswered)) throw settled[0];
    return settled;
  }

  /** A counter's INCRBY (its total, or its key's error reply) and its EXPIRE, sent after it if redirected. */
  private incrementWithExpiry({ key, addend, ttlSeconds }: BatchCounter) {
    const cluster = this.client;
    const increment = withRedirects(cluster, () => cluster.incrby(key, addend));
    return {
      count: answerOf(increment, (reply) => incrementAnswer(key, reply)),
      expiry: withRedirects(cluster, () => cluster.expire(key, ttlSeconds), increment),
    };
  }

  /** Gives back hits of failed calls: DECRBY per counter, the untake script per bucket. */
  async undo(operations: readonly CounterOperation[]): Promise<void> {
    const cluster = this.client;
    await Promise.all(
      operations.map((operation) =>
        operation.primitive === 'take_tokens'
          ? withRedirects(cluster, () => cluster.ratelimitUntakeTokens(...untakeArguments(operation)))
          : withRedirects(cluster, () => cluster.decrby(operation.key, operation.addend)),
      ),
    );
  }

  getMany(keys: readonly string[]): Promise<(string | null)[]> {
    const cluster = this.client;
    return Promise.all(keys.map((key) => withRedirects(cluster, () => cluster.get(key))));
  }
}

/** A reply or the command's error reply, as `read` turns it into an answer; other failures reject. */
function answerOf<T>(reply: Promise<unknown>, read: (reply: unknown) => T): Promise<T> {
  return reply.then(read, (error: unknown) => {
    if (isReplyError(error)) return read(error);
    throw error;
  });
}
