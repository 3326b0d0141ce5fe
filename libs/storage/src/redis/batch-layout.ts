// Where each part of a Redis batch sits on the wire, in one place: the batcher fills a layout, an
// executor sends it (as commands on a pipeline, as one script call, or command by command on a
// cluster) and hands the raw replies back to the layout, which puts them in counter order. No
// other code computes a reply's position.
import type { ChainableCommander } from 'ioredis';
import type { TokenBucketTake } from '../counter-store';
import { previousWindowKey } from '../build-cache-key';
import {
  incrementAnswer,
  storedCountAnswer,
  takeAnswer,
  type KeyAnswer,
  type TakeReply,
} from './key-replies';
import { takeArguments, takeReplyOf } from './token-bucket-script';

/** One window counter of a batch (repeated keys merged): INCRBY `addend` + EXPIRE `ttlSeconds`. */
export interface BatchCounter {
  readonly key: string;
  readonly addend: number;
  /** One value per lifetime in a batch (the jitter is drawn once per batch and lifetime). */
  readonly ttlSeconds: number;
  /** A sliding window's length (s), whose previous window is read too; 0 for a fixed window. */
  readonly slidingWindowSeconds: number;
}

/**
 * The answers, parallel to the layout's counters and takes; each one a value or the failure of
 * its key alone (key-replies.ts).
 */
export interface BatchReply {
  /** Each counter's count after its INCRBY, saturated (saturate-count.ts). */
  readonly counts: KeyAnswer<number>[];
  /** Each counter's previous window's count: 0 when missing, and for a fixed window. */
  readonly previousCounts: KeyAnswer<number>[];
  readonly takes: KeyAnswer<TakeReply>[];
}

/** A reply of ioredis' Pipeline#exec: [error, result]. */
export type PipelineReply = [error: Error | null, result: unknown];

/** Counters that share their addend, TTL and window (0 = fixed): sent to the script as one group of keys. */
export interface ScriptGroup {
  readonly addend: number;
  readonly ttlSeconds: number;
  readonly windowSeconds: number;
  /** Indexes into the layout's counters. */
  readonly counters: number[];
}

/** The KEYS + ARGV of one batch script call, and how to read its results back. */
export interface ScriptCall {
  /** numkeys, KEYS, ARGV: as ioredis' defined command takes them. */
  readonly args: (string | number)[];
  readonly toReply: (results: readonly unknown[]) => BatchReply;
}

export class BatchLayout {
  static readonly EMPTY = new BatchLayout([], []);

  constructor(
    readonly counters: readonly BatchCounter[],
    /** In the order they were asked for (each one sees the ones before). */
    readonly takes: readonly TokenBucketTake[],
  ) {}

  /**
   * Commands the pipeline form sends (KV_PIPELINE_LIMIT counts these): 2 per counter, 1 more
   * per sliding counter, 1 per take.
   */
  static commandCount(counters: number, slidingCounters: number, takes: number): number {
    return 2 * counters + slidingCounters + takes;
  }

  /** The key of a sliding counter's previous window. */
  static previousKeyOf(counter: BatchCounter): string {
    return previousWindowKey(counter.key, counter.slidingWindowSeconds);
  }

  /**
   * The reference's commands on one pipeline: INCRBY + EXPIRE per counter, then a GET of each
   * sliding counter's previous window, then one token bucket script call per take.
   */
  queueCommands(pipeline: ChainableCommander): void {
    for (const { key, addend, ttlSeconds } of this.counters)
      pipeline.incrby(key, addend).expire(key, ttlSeconds);
    for (const counter of this.counters)
      if (counter.slidingWindowSeconds > 0) pipeline.get(BatchLayout.previousKeyOf(counter));
    for (const take of this.takes) pipeline.ratelimitTakeTokens(...takeArguments(take));
  }

  /**
   * The replies of queueCommands' pipeline. An INCRBY's, GET's or take's error is its key's
   * alone; an EXPIRE fails on no key's content, so its error (and a missing reply) fails the batch.
   */
  readCommandReplies(replies: readonly PipelineReply[]): BatchReply {
    const { counters } = this;
    let read = 2 * counters.length; // the GETs follow the INCRBY + EXPIRE pairs
    const counts = new Array<KeyAnswer<number>>(counters.length);
    const previousCounts = new Array<KeyAnswer<number>>(counters.length);
    for (let i = 0; i < counters.length; i++) {
      const { key, slidingWindowSeconds } = counters[i];
      resultAt(replies, 2 * i + 1);
      counts[i] = incrementAnswer(key, answerAt(replies, 2 * i));
      previousCounts[i] =
        slidingWindowSeconds > 0
          ? storedCountAnswer(BatchLayout.previousKeyOf(counters[i]), answerAt(replies, read++))
          : 0;
    }
    const takes = this.takes.map((take) => takeReplyOf(take.key, answerAt(replies, read++)));
    return { counts, previousCounts, takes };
  }

  /**
   * The batch script's arguments (see BATCH_SCRIPT): KEYS = the counters grouped (scriptGroups),
   * then the buckets; ARGV = #groups, per group its size, addend, TTL and window, then per bucket
   * hits, now, interval and tolerance. Its results: the counts in KEYS order, the previous
   * windows' counts of the sliding counters in KEYS order, then allowed and TAT per bucket.
   */
  toScriptCall(): ScriptCall {
    const groups = this.scriptGroups();
    const order: number[] = []; // the counter in each KEYS position
    const keys: string[] = [];
    const groupArgs: number[] = [groups.length];
    for (const group of groups) {
      for (const i of group.counters) {
        order.push(i);
        keys.push(this.counters[i].key);
      }
      groupArgs.push(group.counters.length, group.addend, group.ttlSeconds, group.windowSeconds);
    }
    for (const take of this.takes) keys.push(take.key);
    const args: (string | number)[] = [keys.length, ...keys, ...groupArgs];
    for (const take of this.takes)
      args.push(take.addend, take.nowMs, take.emissionIntervalMs, take.toleranceMs);
    return { args, toReply: (results) => this.readScriptResults(order, results) };
  }

  /**
   * The counters grouped by (addend, TTL, window), in first-seen order: a batch has a few
   * distinct TTLs (one per lifetime) and mostly addends of 1, so each counter costs the script
   * one argument, its key, instead of three.
   */
  scriptGroups(): ScriptGroup[] {
    const groups = new Map<string, ScriptGroup>();
    this.counters.forEach(({ addend, ttlSeconds, slidingWindowSeconds: windowSeconds }, i) => {
      const id = `${addend} ${ttlSeconds} ${windowSeconds}`;
      let group = groups.get(id);
      if (group === undefined) {
        group = { addend, ttlSeconds, windowSeconds, counters: [] };
        groups.set(id, group);
      }
      group.counters.push(i);
    });
    return [...groups.values()];
  }

  private readScriptResults(order: readonly number[], results: readonly unknown[]): BatchReply {
    const counts = new Array<KeyAnswer<number>>(this.counters.length);
    const previousCounts = new Array<KeyAnswer<number>>(this.counters.length).fill(0);
    let read = order.length; // the previous windows' counts follow the counts
    order.forEach((i, position) => {
      const counter = this.counters[i];
      counts[i] = incrementAnswer(counter.key, results[position]);
      if (counter.slidingWindowSeconds > 0)
        previousCounts[i] = storedCountAnswer(BatchLayout.previousKeyOf(counter), results[read++]);
    });
    const takes = this.takes.map((take) => {
      const reply = takeAnswer(take.key, results[read], results[read + 1]);
      read += 2;
      return reply;
    });
    return { counts, previousCounts, takes };
  }
}

/** The result of a pipeline's command at `index`; throws the command's error. */
export function resultAt(replies: readonly PipelineReply[], index: number): unknown {
  const reply = replies[index];
  if (reply === undefined) throw new Error(`pipeline answered ${replies.length} replies, expected more`);
  if (reply[0]) throw reply[0];
  return reply[1];
}

/** The reply of a pipeline's command at `index`, its error as the value (a key's own failure). */
function answerAt(replies: readonly PipelineReply[], index: number): unknown {
  const reply = replies[index];
  if (reply === undefined) throw new Error(`pipeline answered ${replies.length} replies, expected more`);
  return reply[0] ?? reply[1];
}
