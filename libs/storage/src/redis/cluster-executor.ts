import type { Cluster } from 'ioredis';
import { BatchLayout, countOf, takeReplyOf, type BatchReply } from './batch-layout';
import { withRedirects } from './cluster-redirects';
import type { IncrementMode, RedisExecutor } from './redis-executor';
import { defineTokenBucketScript, takeArguments } from './token-bucket-script';

/**
 * Redis Cluster: a pipeline may not span slots (ioredis fails it with a cross-slot error), so each
 * command goes out on its own and ioredis auto-pipelining writes the commands of this turn once
 * per node; a token bucket is a one-key script, which runs on the node of its slot. A command
 * redirected because its slot moved is sent again to the new master (withRedirects). Always
 * commands: the batch script's keys span slots.
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
    const counts = counters.map(({ key, addend }) =>
      withRedirects(cluster, () => cluster.incrby(key, addend)),
    );
    const expiries = counters.map(({ key, ttlSeconds }, i) =>
      withRedirects(cluster, () => cluster.expire(key, ttlSeconds), counts[i]),
    );
    const previous = counters.map((counter) =>
      counter.slidingWindowSeconds > 0
        ? withRedirects(cluster, () => cluster.get(BatchLayout.previousKeyOf(counter)))
        : null,
    );
    const taken = takes.map((take) =>
      withRedirects(cluster, () => cluster.ratelimitTakeTokens(...takeArguments(take))),
    );
    const [countValues, , previousValues, takeValues] = await Promise.all([
      Promise.all(counts),
      Promise.all(expiries),
      Promise.all(previous),
      Promise.all(taken),
    ]);
    return {
      counts: countValues,
      previousCounts: previousValues.map(countOf),
      takes: takeValues.map(takeReplyOf),
    };
  }

  getMany(keys: readonly string[]): Promise<(string | null)[]> {
    const cluster = this.client;
    return Promise.all(keys.map((key) => withRedirects(cluster, () => cluster.get(key))));
  }
}
