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
import type { Redis, Result } from 'ioredis';
import { COUNTER_CEILING } from '../saturate-count';
import { BatchLayout, type BatchReply } from './batch-layout';
import { TAKE_TOKENS_FUNCTION } from './token-bucket-script';

/**
 * KEYS and ARGV as BatchLayout#toScriptCall lays them out: KEYS = window counters, grouped by
 * addend, TTL and window, then buckets; ARGV = #groups, then per group: its number of counters,
 * their addend, their TTL and their window (s, sliding windows; 0 = fixed), then hits, now,
 * interval and tolerance per bucket.
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
 * Every command on a key the callers chose runs with redis.pcall: a key's error (WRONGTYPE, text
 * that is not an integer, an INCRBY past 2^63 - 1) is that key's answer and the batch goes on
 * (docs/stores.md#an-error-on-one-key); key-replies.ts reads it. A count above 2^53 - 1 is
 * answered as 2^53 - 1: Lua holds it as a double, and a double above 2^63 would come back as a
 * negative Redis integer (saturate-count.ts).
 * Returns the counts (KEYS order), then the previous windows' values (GET's, nil = missing) in
 * KEYS order of the sliding counters, then allowed and TAT per bucket.
 */
export const BATCH_SCRIPT = `${TAKE_TOKENS_FUNCTION}
local call, try, tonumber = redis.call, redis.pcall, tonumber
local ceiling = ${COUNTER_CEILING}
local results, previous = {}, {}
local counters, a = 0, 2
for g = 1, tonumber(ARGV[1]) do
  local n, addend, ttl, window = tonumber(ARGV[a]), ARGV[a + 1], ARGV[a + 2], tonumber(ARGV[a + 3])
  local created, isOne = tonumber(addend), addend == '1'
  a = a + 4
  for i = counters + 1, counters + n do
    local key = KEYS[i]
    local count
    if isOne then count = try('INCR', key) else count = try('INCRBY', key, addend) end
    if type(count) == 'number' then
      if count == created then call('EXPIRE', key, ttl) end
      if count > ceiling then count = ceiling end
    end
    results[i] = count
    if window > 0 then
      local base, start = string.match(key, '^(.*_)(%d+)$')
      previous[#previous + 1] = try('GET', base .. string.format('%d', tonumber(start) - window))
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

// The script as an ioredis command, typed the way ioredis documents for defineCommand.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    ratelimitCountBatch(...args: (string | number)[]): Result<unknown[], Context>;
  }
}

/** Registers the script as an ioredis command (EVALSHA, falling back to EVAL on NOSCRIPT). */
export function defineBatchScript(client: Redis): void {
  if (Object.hasOwn(client, 'ratelimitCountBatch')) return; // defined on the instance
  client.defineCommand('ratelimitCountBatch', { lua: BATCH_SCRIPT });
}

export async function runBatchScript(client: Redis, layout: BatchLayout): Promise<BatchReply> {
  const { args, toReply } = layout.toScriptCall();
  return toReply(await client.ratelimitCountBatch(...args));
}

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
    const reply = await runBatchScript(client, BatchLayout.EMPTY);
    return reply.counts.length === 0;
  } catch {
    return false;
  }
}
