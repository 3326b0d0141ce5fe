// Token buckets in Redis (docs/algorithms.md#token_bucket): GCRA as an atomic read-modify-write in
// Lua, the twin of take-tokens.ts. The TAT is a double of milliseconds, written with %.17g so it
// reads back exactly, and the key expires (PX) when the bucket is full again. Lua numbers are IEEE
// doubles like JS numbers, and the arguments are sent as JS's shortest exact decimal form, so Redis
// and the memory store compute the same values.
import type { Cluster, Redis, Result } from 'ioredis';
import type { TokenBucketTake } from '../counter-store';
import type { TakeReply } from './batch-layout';

/** take_tokens(key, hits, now, interval, tolerance) -> allowed (1/0), TAT before (0 = none). */
export const TAKE_TOKENS_FUNCTION = `local function take_tokens(key, hits, now, interval, tolerance)
  local stored = redis.call('GET', key)
  local tat = 0
  if stored then tat = tonumber(stored) end
  local new_tat = math.max(tat, now) + hits * interval
  if new_tat - tolerance > now then return 0, tat end
  if hits > 0 then
    local ttl = math.max(1, math.ceil(new_tat - now))
    redis.call('SET', key, string.format('%.17g', new_tat), 'PX', string.format('%.0f', ttl))
  end
  return 1, tat
end
`;

/** One bucket per call: KEYS[1]; ARGV = hits, now, interval, tolerance. Works on Redis Cluster. */
export const TOKEN_BUCKET_SCRIPT = `${TAKE_TOKENS_FUNCTION}
local allowed, tat = take_tokens(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
return {allowed, string.format('%.17g', tat)}`;

// The script as an ioredis command, typed the way ioredis documents for defineCommand.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    ratelimitTakeTokens(
      key: string,
      hits: number,
      nowMs: number,
      emissionIntervalMs: number,
      toleranceMs: number,
    ): Result<[allowed: number, tat: string], Context>;
  }
}

/** Registers the script as an ioredis command (EVALSHA, falling back to EVAL on NOSCRIPT). */
export function defineTokenBucketScript(client: Redis | Cluster): void {
  if (Object.hasOwn(client, 'ratelimitTakeTokens')) return; // defined on the instance
  client.defineCommand('ratelimitTakeTokens', { numberOfKeys: 1, lua: TOKEN_BUCKET_SCRIPT });
}

/** A take as the arguments of `ratelimitTakeTokens` (on a client, a cluster or a pipeline). */
export function takeArguments(take: TokenBucketTake): [string, number, number, number, number] {
  return [take.key, take.addend, take.nowMs, take.emissionIntervalMs, take.toleranceMs];
}

/** [allowed, tat] as the scripts answer it. */
export function toTakeReply(allowed: unknown, tat: unknown): TakeReply {
  return { isAllowed: Number(allowed) === 1, tatBeforeMs: Number(tat) };
}
