// One Lua script call per batch instead of INCRBY + EXPIRE per key (the Node process is
// the bottleneck, and ioredis spends most of a batch's CPU on per-command objects and replies):
// measured here at 64 calls in flight, two descriptors per call, about a third less server CPU
// per call. Same keys and counts as the reference's commands, executed atomically; the TTL is
// set once, when a key is created (see BATCH_SCRIPT), which also saves Redis's CPU (docs/benchmarks.md).
// Besides the window counters, a batch carries sliding windows' previous-window reads and token
// bucket takes, so every algorithm keeps one round trip per batch.
// Only safe on a real Redis server: a sharding proxy (twemproxy, Envoy's redis_proxy) routes a
// script by its first key, so the other keys would be counted on the wrong shard. See
// supportsBatchScript for how `auto` decides.
import type { Redis } from 'ioredis';
import type { BatchReply, BatchRequest } from './counter-batcher';
import { TAKE_TOKENS_FUNCTION, toTakeReply } from './token-bucket-script';

/**
 * KEYS = window counters, grouped (see toScriptGroups), then buckets.
 * ARGV = #groups, then per group: its number of counters, their addend, their TTL and their
 * window (s, sliding windows; 0 = fixed), then hits, now, interval and tolerance per bucket.
 * An addend of 1 (the usual hit) is counted with INCR: the same result as INCRBY 1 for about 15 %
 * less of Redis's CPU per key (one argument fewer to convert between Lua and Redis; measured here).
 * A counter's TTL is set when INCRBY created it (count == addend, which also covers an addend of
 * 0 on a missing key), inside the script so no key is ever left without one, and not moved by
 * later increments: one call per existing key instead of two. A key lives its window (two for
 * a sliding window) plus jitter from its first hit, which covers the window it counts.
 * A sliding window's previous key is derived here (previousWindowKey: the trailing window start
 * one window back) instead of being sent, which halves the bytes a sliding descriptor costs. Redis
 * asks scripts to declare every key for Redis Cluster's sake; this script never runs on a cluster
 * (supportsBatchScript: standalone servers only), where undeclared keys work.
 * Returns the counts (KEYS order), then the previous windows' counts (0 = missing) in KEYS order
 * of the sliding counters, then allowed and TAT per bucket.
 */
export const BATCH_SCRIPT = `${TAKE_TOKENS_FUNCTION}
local call, tonumber = redis.call, tonumber
local results, previous = {}, {}
local counters, a = 0, 2
for g = 1, tonumber(ARGV[1]) do
  local n, addend, ttl, window = tonumber(ARGV[a]), ARGV[a + 1], ARGV[a + 2], tonumber(ARGV[a + 3])
  local created, isOne = tonumber(addend), addend == '1'
  a = a + 4
  for i = counters + 1, counters + n do
    local key = KEYS[i]
    local count
    if isOne then count = call('INCR', key) else count = call('INCRBY', key, addend) end
    if count == created then call('EXPIRE', key, ttl) end
    results[i] = count
    if window > 0 then
      local base, start = string.match(key, '^(.*_)(%d+)$')
      previous[#previous + 1] = tonumber(call('GET', base .. string.format('%d', tonumber(start) - window)) or '0')
    end
  end
  counters = counters + n
end
for s = 1, #previous do results[counters + s] = previous[s] end
local r = counters + #previous
for k = counters + 1, #KEYS do
  local allowed, tat = take_tokens(KEYS[k], tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]))
  results[r + 1] = allowed
  results[r + 2] = string.format('%.17g', tat)
  a, r = a + 4, r + 2
end
return results`;

const COMMAND = 'ratelimitCountBatch';

type ScriptClient = Redis & {
  [COMMAND](...args: (string | number)[]): Promise<(number | string)[]>;
};

/** Registers the script as an ioredis command (EVALSHA, falling back to EVAL on NOSCRIPT). */
export function defineBatchScript(client: Redis): void {
  if (COMMAND in client) return;
  client.defineCommand(COMMAND, { lua: BATCH_SCRIPT });
}

/** Counters that share their addend, TTL and window (0 = fixed): sent as one group of keys. */
interface ScriptGroup {
  readonly addend: number;
  readonly ttlSeconds: number;
  readonly windowSeconds: number;
  /** Indexes into the request's counters. */
  readonly counters: number[];
}

/**
 * The request's counters grouped by (addend, TTL, window), in first-seen order: a batch has a
 * few distinct TTLs (one per lifetime, see CounterBatcher) and mostly addends of 1, so each
 * counter costs the script one argument, its key, instead of three.
 */
export function toScriptGroups(request: BatchRequest): ScriptGroup[] {
  const { counterKeys, addends, ttlSeconds, slidingWindowSeconds } = request;
  const slidingFrom = counterKeys.length - slidingWindowSeconds.length;
  const groups = new Map<string, ScriptGroup>();
  for (let i = 0; i < counterKeys.length; i++) {
    const windowSeconds = i < slidingFrom ? 0 : slidingWindowSeconds[i - slidingFrom];
    const id = `${addends[i]} ${ttlSeconds[i]} ${windowSeconds}`;
    let group = groups.get(id);
    if (group === undefined) {
      group = { addend: addends[i], ttlSeconds: ttlSeconds[i], windowSeconds, counters: [] };
      groups.set(id, group);
    }
    group.counters.push(i);
  }
  return [...groups.values()];
}

export async function runBatchScript(client: Redis, request: BatchRequest): Promise<BatchReply> {
  const { counterKeys, takes } = request;
  const groups = toScriptGroups(request);
  /** Request index of the counter in each KEYS position. */
  const order: number[] = [];
  const keys: string[] = [];
  const groupArgs: number[] = [groups.length];
  for (const group of groups) {
    order.push(...group.counters);
    for (const i of group.counters) keys.push(counterKeys[i]);
    groupArgs.push(group.counters.length, group.addend, group.ttlSeconds, group.windowSeconds);
  }
  for (const take of takes) keys.push(take.key);
  const args: (string | number)[] = [keys.length, ...keys, ...groupArgs];
  for (const take of takes) args.push(take.addend, take.nowMs, take.emissionIntervalMs, take.toleranceMs);
  const results = await (client as ScriptClient)[COMMAND](...args);
  return toBatchReply(request, order, results);
}

/** The script's results back in the request's order. */
function toBatchReply(request: BatchRequest, order: number[], results: (number | string)[]): BatchReply {
  const counters = order.length;
  const slidingFrom = counters - request.slidingWindowSeconds.length;
  const counts = new Array<number>(counters);
  const previousCounts = new Array<number>(request.slidingWindowSeconds.length);
  let previous = counters;
  order.forEach((i, position) => {
    counts[i] = Number(results[position]);
    if (i >= slidingFrom) previousCounts[i - slidingFrom] = Number(results[previous++]);
  });
  return {
    counts,
    previousCounts,
    takes: request.takes.map((_, b) => toTakeReply(results[previous + 2 * b], results[previous + 2 * b + 1])),
  };
}

const EMPTY_BATCH: BatchRequest = {
  counterKeys: [],
  addends: [],
  ttlSeconds: [],
  slidingWindowSeconds: [],
  takes: [],
};

/**
 * `auto`: use the script only when the connection is a Redis server itself (INFO answers with
 * `redis_mode:standalone`; proxies do not implement INFO) that runs scripts (a script call with no
 * keys succeeds; an ACL without @scripting refuses it). Any error means "no".
 */
export async function supportsBatchScript(client: Redis): Promise<boolean> {
  try {
    const info = await client.info('server');
    if (!/^redis_mode:standalone\r?$/m.test(info)) return false;
    defineBatchScript(client);
    const reply = await runBatchScript(client, EMPTY_BATCH);
    return reply.counts.length === 0;
  } catch {
    return false;
  }
}
