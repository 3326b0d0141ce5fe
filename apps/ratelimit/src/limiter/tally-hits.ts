// What one descriptor's hits amount to under its rule's algorithm (docs/algorithms.md), from the
// store's raw outcome: a count to judge against a limit, the remaining and the reset time the
// client sees, and how long the local over-limit cache may answer for it. One shape for every
// algorithm, so the status, the near/over-limit statistics, shadow and quota modes stay shared.
import type { RateLimitRule } from '@repo/rules';
import type { CounterOutcome } from '@repo/storage';
import { secondsUntilReset } from './seconds-until-reset';
import { slidingEstimate, slidingRetryMs, type SlidingWindowState } from './sliding-window';
import { bucketRetryMs, isClosedBucket, tatAfter, tokensLeft } from './token-bucket';

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

export function tallyHits(
  rule: RateLimitRule,
  addend: number,
  outcome: CounterOutcome,
  nowMs: number,
): Tally {
  if (rule.algorithm === 'sliding_window') return tallySlidingWindow(rule, addend, outcome, nowMs);
  if (rule.algorithm === 'token_bucket') return tallyTokenBucket(rule, addend, outcome, nowMs);
  return {
    after: outcome.count,
    limit: rule.requestsPerUnit,
    durationUntilResetSeconds: secondsUntilReset(rule.unitSeconds, Math.floor(nowMs / 1000)),
    overLimitTtlMs: rule.unitSeconds * 1000, // the reference keeps a mark for one unit
  };
}

/** The window a sliding rule counts in at `nowMs`, with this request's current and previous counts. */
export function slidingState(
  rule: RateLimitRule,
  outcome: CounterOutcome,
  nowMs: number,
): SlidingWindowState {
  const windowMs = rule.unitSeconds * 1000;
  return { current: outcome.count, previous: outcome.previousCount, windowMs, elapsedMs: nowMs % windowMs };
}

function tallySlidingWindow(
  rule: RateLimitRule,
  addend: number,
  outcome: CounterOutcome,
  nowMs: number,
): Tally {
  const state = slidingState(rule, outcome, nowMs);
  const after = slidingEstimate(state);
  const limit = rule.requestsPerUnit;
  if (after <= limit) {
    const durationUntilResetSeconds = secondsUntilReset(rule.unitSeconds, Math.floor(nowMs / 1000));
    return { after, limit, durationUntilResetSeconds, overLimitTtlMs: 0 };
  }
  return {
    after,
    limit,
    durationUntilResetSeconds: wholeSeconds(slidingRetryMs(state, limit, addend)),
    overLimitTtlMs: slidingRetryMs(state, limit, 1),
  };
}

function tallyTokenBucket(
  rule: RateLimitRule,
  addend: number,
  outcome: CounterOutcome,
  nowMs: number,
): Tally {
  if (isClosedBucket(rule)) {
    // never refills: every hit is over; say one refill period until reset
    return {
      after: addend,
      limit: 0,
      durationUntilResetSeconds: rule.unitSeconds,
      overLimitTtlMs: rule.unitSeconds * 1000,
    };
  }
  const limit = rule.burst;
  const tatBefore = outcome.tatBeforeMs;
  if (outcome.isAllowed) {
    const tat = tatAfter(tatBefore, nowMs, addend, rule);
    const durationUntilResetSeconds = Math.ceil((tat - nowMs) / 1000); // until the bucket is full
    return {
      after: limit - tokensLeft(tat, nowMs, rule),
      limit,
      durationUntilResetSeconds,
      overLimitTtlMs: 0,
    };
  }
  return {
    after: limit - tokensLeft(tatBefore, nowMs, rule) + addend,
    limit,
    durationUntilResetSeconds: wholeSeconds(bucketRetryMs(tatBefore, nowMs, addend, rule)),
    overLimitTtlMs: bucketRetryMs(tatBefore, nowMs, 1, rule),
  };
}

/** The earliest whole second after which a retry fits (at least 1). */
function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The tally of a local over-limit cache hit (no store call): over the limit, with the reset the
 * client sees: the rest of a fixed window (as the reference), else until the mark ends.
 */
export function localCacheTally(rule: RateLimitRule, markedUntilMs: number, nowMs: number): Tally {
  const durationUntilResetSeconds =
    rule.algorithm === 'fixed_window'
      ? secondsUntilReset(rule.unitSeconds, Math.floor(nowMs / 1000))
      : wholeSeconds(markedUntilMs - nowMs);
  return {
    after: rule.requestsPerUnit + 1,
    limit: rule.requestsPerUnit,
    durationUntilResetSeconds,
    overLimitTtlMs: 0,
  };
}
