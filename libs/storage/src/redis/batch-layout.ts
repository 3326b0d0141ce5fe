// Where each part of a Redis batch sits on the wire, in one place: the batcher fills a layout, an
// executor sends it (as commands on a pipeline, as one script call, or command by command on a
// cluster) and hands the raw replies back to the layout, which puts them in counter order. No
// other code computes a reply's position.
import type { ChainableCommander } from 'ioredis';
import type { TokenBucketTake } from '../counter-store';
import { previousWindowKey } from '../build-cache-key';
import { takeArguments, toTakeReply } from './token-bucket-script';

/** One window counter of a batch (repeated keys merged): INCRBY `addend` + EXPIRE `ttlSeconds`. */
export interface BatchCounter {
  readonly key: string;
  readonly addend: number;
  /** One value per lifetime in a batch (the jitter is drawn once per batch and lifetime). */
  readonly ttlSeconds: number;
  /** A sliding window's length (s), whose previous window is read too; 0 for a fixed window. */
  readonly slidingWindowSeconds: number;
}

export interface TakeReply {
  readonly isAllowed: boolean;
  readonly tatBeforeMs: number;
}

/** The answers, parallel to the layout's counters and takes. */
export interface BatchReply {
  /** Each counter's count after its INCRBY. */
  readonly counts: number[];
  /** Each counter's previous window's count: 0 when missing, and for a fixed window. */
  readonly previousCounts: number[];
  readonly takes: TakeReply[];
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

  /** The replies of queueCommands' pipeline; throws the first command's error. */
  readCommandReplies(replies: readonly PipelineReply[]): BatchReply {
    replies.forEach((_, i) => resultAt(replies, i)); // surface any command's error
    const { counters } = this;
    let read = 2 * counters.length; // the GETs follow the INCRBY + EXPIRE pairs
    const counts = new Array<number>(counters.length);
    const previousCounts = new Array<number>(counters.length);
    for (let i = 0; i < counters.length; i++) {
      counts[i] = Number(resultAt(replies, 2 * i));
      previousCounts[i] = counters[i].slidingWindowSeconds > 0 ? countOf(resultAt(replies, read++)) : 0;
    }
    const takes = this.takes.map(() => takeReplyOf(resultAt(replies, read++)));
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
    const counts = new Array<number>(this.counters.length);
    const previousCounts = new Array<number>(this.counters.length).fill(0);
    let read = order.length; // the previous windows' counts follow the counts
    order.forEach((i, position) => {
      counts[i] = Number(results[position]);
      if (this.counters[i].slidingWindowSeconds > 0) previousCounts[i] = Number(results[read++]);
    });
    const takes = this.takes.map(() => {
      const reply = toTakeReply(results[read], results[read + 1]);
      read += 2;
      return reply;
    });
    return { counts, previousCounts, takes };
  }
}

/** A GET's reply as a count: a missing key counts 0. */
export function countOf(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** The result of a pipeline's command at `index`; throws the command's error. */
export function resultAt(replies: readonly PipelineReply[], index: number): unknown {
  const reply = replies[index];
  if (reply === undefined) throw new Error(`pipeline answered ${replies.length} replies, expected more`);
  if (reply[0]) throw reply[0];
  return reply[1];
}

/** A token bucket script's [allowed, tat]. */
export function takeReplyOf(reply: unknown): TakeReply {
  const [allowed, tat] = reply as [unknown, unknown];
  return toTakeReply(allowed, tat);
}
