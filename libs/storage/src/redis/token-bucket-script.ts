// Token buckets in Redis (docs/algorithms.md#token_bucket): GCRA as an atomic read-modify-write in
// Lua, the twin of take-tokens.ts. The TAT is a double of milliseconds, written with %.17g so it
// reads back exactly, and the key expires (PX) when the bucket is full again. Lua numbers are IEEE
// doubles like JS numbers, and the arguments are sent as JS's shortest exact decimal form, so Redis
// and the memory store compute the same values.
import type { Cluster, Redis, Result } from 'ioredis';
import type { TokenBucketTake } from '../counter-store';
import { takeAnswer, type KeyAnswer, type TakeReply } from './key-replies';

/**
 * take_tokens(key, hits, now, interval, tolerance) -> allowed (1/0), TAT before (0 = none); or an
 * error reply and 0 when the key cannot be a bucket (a hash someone set: WRONGTYPE; text that is
 * not a number), read with redis.pcall so the error belongs to this key alone
 * (docs/stores.md#an-error-on-one-key) and nothing is written. The expiry is capped at 10^15 ms
 * (about 31,700 years): a rule's tolerance can be longer, and SET refuses a PX past Redis's range.
 */
export const TAKE_TOKENS_FUNCTION = `local function take_tokens(key, hits, now, interval, tolerance)
  local stored = redis.pcall('GET', key)
  if type(stored) == 'table' then return stored, 0 end
  local tat = 0
  if stored then
    tat = tonumber(stored)
    if tat == nil then return {err = 'ERR it holds "' .. string.sub(stored, 1, 40) .. '", which is not a number'}, 0 end
  end
  local new_tat = math.max(tat, now) + hits * interval
  if new_tat - tolerance > now then return 0, tat end
  if hits > 0 then
    local ttl = math.min(math.max(1, math.ceil(new_tat - now)), 1e15)
    redis.call('SET', key, string.format('%.17g', new_tat), 'PX', string.format('%.0f', ttl))
  end
  return 1, tat
end
`;

/** One bucket per call: KEYS[1]; ARGV = hits, now, interval, tolerance. Works on Redis Cluster. */
export const TOKEN_BUCKET_SCRIPT = `${TAKE_TOKENS_FUNCTION}
local allowed, tat = take_tokens(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
if type(allowed) == 'table' then return allowed end
return {allowed, string.format('%.17g', tat)}`;

/**
 * Gives back a take that a failed call made (docs/stores.md#an-error-on-one-key): KEYS[1]; ARGV =
 * the TAT it added (hits x interval) and now. The TAT moves back; a bucket that is full again is
 * deleted, as a take of a full bucket would find it. Anything but a number is left as it is.
 */
export const UNTAKE_TOKENS_SCRIPT = `local stored = tonumber(redis.call('GET', KEYS[1]) or '')
if stored == nil then return 0 end
local tat, now = stored - tonumber(ARGV[1]), tonumber(ARGV[2])
if tat <= now then redis.call('DEL', KEYS[1]) return 1 end
local ttl = math.min(math.max(1, math.ceil(tat - now)), 1e15)
redis.call('SET', KEYS[1], string.format('%.17g', tat), 'PX', string.format('%.0f', ttl))
return 1`;

// The scripts as ioredis commands, typed the way ioredis documents for defineCommand.
declare module 'ioredis' {
  interface RedisCommander<Context> {
    ratelimitTakeTokens(
      key: string,
      hits: number,
      nowMs: number,
      emissionIntervalMs: number,
      toleranceMs: number,
    ): Result<[allowed: number, tat: string], Context>;
    ratelimitUntakeTokens(key: string, tatMs: number, nowMs: number): Result<number, Context>;
  }
}

/** Registers the scripts as ioredis commands (EVALSHA, falling back to EVAL on NOSCRIPT). */
export function defineTokenBucketScript(client: Redis | Cluster): void {
  if (Object.hasOwn(client, 'ratelimitTakeTokens')) return; // defined on the instance
  client.defineCommand('ratelimitTakeTokens', { numberOfKeys: 1, lua: TOKEN_BUCKET_SCRIPT });
  client.defineCommand('ratelimitUntakeTokens', { numberOfKeys: 1, lua: UNTAKE_TOKENS_SCRIPT });
}

/** A take as the arguments of `ratelimitTakeTokens` (on a client, a cluster or a pipeline). */
export function takeArguments(take: TokenBucketTake): [string, number, number, number, number] {
  return [take.key, take.addend, take.nowMs, take.emissionIntervalMs, take.toleranceMs];
}

/** The arguments of `ratelimitUntakeTokens` that give back `take`. */
export function untakeArguments(take: TokenBucketTake): [string, number, number] {
  return [take.key, take.addend * take.emissionIntervalMs, take.nowMs];
}

/** The one-bucket script's [allowed, TAT] (or its error, or its rejection) for `key`. */
export function takeReplyOf(key: string, reply: unknown): KeyAnswer<TakeReply> {
  if (reply instanceof Error) return takeAnswer(key, reply, 0);
  const [allowed, tat] = reply as [unknown, unknown];
  return takeAnswer(key, allowed, tat);
}
