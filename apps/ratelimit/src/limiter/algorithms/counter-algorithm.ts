// What a counter algorithm is (docs/algorithms.md), one unit per algorithm (fixed-window.ts,
// sliding-window.ts, token-bucket.ts; COUNTER_ALGORITHMS maps a rule's `algorithm` to its unit):
// its key, the store primitive it runs on, what the store's answer amounts to, whether a hit
// would exceed before counting, the reset the client sees and what the local over-limit cache may
// answer. Everything else (status, statistics, shadow and quota modes) is shared, because every
// tally is judged alike: its `after` against its `limit`, as a fixed window's count. A unit sees
// the whole entry (key, hits, rule, answer), so a unit that answers some keys itself (operation()
// undefined, tally() from its own state) needs nothing outside its file.
import type { RateLimitRule } from '@repo/rules';
import type { CounterOperation, CounterOutcome, CounterPrimitive, CounterRead } from '@repo/storage';

/** One limit to count (a descriptor's rule, or one item of its list), then what answered it. */
export interface PendingHits {
  /** The counter key (its algorithm's counterKey). */
  readonly key: string;
  readonly addend: number;
  readonly rule: RateLimitRule;
  /** Set by HitCounter#count: the store's answer; undefined when it was not asked. */
  outcome: CounterOutcome | undefined;
  /** Set by HitCounter#count: when the local cache's mark ends (ms); 0 when the cache did not answer. */
  localCacheUntilMs: number;
  /**
   * Set by HitCounter#count: counted by the store's cached-counting engine (the rule says
   * `counting: cached` and the store runs the engine), from memory or by its exact first count.
   */
  isCountedCached: boolean;
}

export interface Tally {
  /**
   * What the request is judged by, after its hits: the window's count (fixed), the estimate
   * (sliding), the tokens in use (token bucket). Over the limit when above `limit`.
   */
  readonly after: number;
  /** requests_per_unit; a token bucket's burst. */
  readonly limit: number;
  /** duration_until_reset (and RateLimit-Reset) in seconds. */
  readonly durationUntilResetSeconds: number;
  /** While over the limit: how long (ms) the local cache may refuse one more hit without asking the store. */
  readonly overLimitTtlMs: number;
}

export interface CounterAlgorithm {
  /** What the store must run (STORE_CAPABILITIES): a rule of this algorithm is refused elsewhere. */
  readonly primitive: CounterPrimitive;
  /**
   * `counting: cached` works with it (docs/rules.md#counting): its count is one addition a
   * write-behind flush can send later (fixed_window). A rule of another algorithm saying it is refused.
   */
  readonly countsCached: boolean;
  /** The counter key from the part the descriptor (and item) gives it, e.g. plus the window start. */
  counterKey(start: string, rule: RateLimitRule, nowSeconds: number): string;
  /** What the store is asked; undefined when the answer is known without asking. */
  operation(hits: PendingHits, nowMs: number): CounterOperation | undefined;
  /** What the answer amounts to; `hits.outcome` is undefined when operation() asked nothing. */
  tally(hits: PendingHits, nowMs: number): Tally;
  /** STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: the stored values wouldExceed needs, read before counting. */
  reads(hits: PendingHits): CounterRead[];
  /** Would the hits go over the limit, from the values of reads() (the same test as tally's). */
  wouldExceed(hits: PendingHits, stored: readonly number[], nowMs: number): boolean;
  /** The tally of a local over-limit cache hit (no store call): over, with the reset the client sees. */
  cachedTally(hits: PendingHits, nowMs: number): Tally;
  /** RateLimit-Reset of a status of this algorithm, at assembly time. */
  resetSeconds(rule: RateLimitRule, durationUntilResetSeconds: number, nowSeconds: number): number;
}

/**
 * duration_until_reset (docs/decisions.md#the-status-of-one-descriptor): the rest of the current
 * fixed window, from whole Unix seconds, so it is 1..unitSeconds and never 0.
 */
export function secondsUntilReset(unitSeconds: number, nowSeconds: number): number {
  return unitSeconds - (nowSeconds % unitSeconds);
}

/** The earliest whole second after which a retry fits (at least 1). */
export function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** Over the limit by one, as a local cache hit is judged (its addend is counted as over). */
export function overLimitTally(rule: RateLimitRule, durationUntilResetSeconds: number): Tally {
  const limit = rule.requestsPerUnit;
  return { after: limit + 1, limit, durationUntilResetSeconds, overLimitTtlMs: 0 };
}

/** A cache hit of an algorithm whose reset depends on the counts: until the mark ends. */
export function untilMarkEnds({ rule, localCacheUntilMs }: PendingHits, nowMs: number): Tally {
  return overLimitTally(rule, wholeSeconds(localCacheUntilMs - nowMs));
}

/** The reset of an algorithm whose reset depends on the counts: the status's own. */
export function statusReset(_rule: RateLimitRule, durationUntilResetSeconds: number): number {
  return durationUntilResetSeconds;
}
