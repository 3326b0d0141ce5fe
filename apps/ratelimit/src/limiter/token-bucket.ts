// Token bucket (GCRA) arithmetic on the app side (docs/algorithms.md#token_bucket): the store took
// the tokens atomically and answered the TAT it found; from it this derives what the client sees. T
// = W / L is the emission interval, tolerance = T x burst, TAT = the theoretical arrival time (ms).
import type { RateLimitRule } from '@repo/rules';
import { takeTokens } from '@repo/storage';

/** Guards floor() against a quotient like 8.999999999 from a fractional T (e.g. 60 s / 7). */
const FLOOR_EPSILON = 1e-9;

export interface BucketTiming {
  readonly emissionIntervalMs: number;
  readonly toleranceMs: number;
}

export function bucketTiming(rule: RateLimitRule): BucketTiming {
  const emissionIntervalMs = (rule.unitSeconds * 1000) / rule.requestsPerUnit;
  return { emissionIntervalMs, toleranceMs: emissionIntervalMs * rule.burst };
}

/** Tokens left at `nowMs` in a bucket whose TAT is `tatMs` (0..burst). */
export function tokensLeft(tatMs: number, nowMs: number, rule: RateLimitRule): number {
  const { emissionIntervalMs, toleranceMs } = bucketTiming(rule);
  const ahead = Math.max(tatMs, nowMs) - nowMs; // how far the TAT runs ahead of now
  const left = Math.floor((toleranceMs - ahead) / emissionIntervalMs + FLOOR_EPSILON);
  return Math.min(rule.burst, Math.max(0, left));
}

/**
 * Milliseconds until a take of `hits` tokens fits a bucket whose TAT is `tatMs`: allow_at - now,
 * with allow_at = max(TAT, now) + hits x T - tolerance. 0 when it fits now.
 */
export function bucketRetryMs(tatMs: number, nowMs: number, hits: number, rule: RateLimitRule): number {
  const { toleranceMs } = bucketTiming(rule);
  return Math.max(0, tatAfter(tatMs, nowMs, hits, rule) - toleranceMs - nowMs);
}

/**
 * The TAT after taking `hits` tokens from a bucket whose TAT was `tatBeforeMs`: the stores' own
 * GCRA step (takeTokens), so the app and every backend compute it alike.
 */
export function tatAfter(tatBeforeMs: number, nowMs: number, hits: number, rule: RateLimitRule): number {
  const { emissionIntervalMs, toleranceMs } = bucketTiming(rule);
  return takeTokens(tatBeforeMs, hits, nowMs, emissionIntervalMs, toleranceMs).newTatMs;
}

/** requests_per_unit 0: a bucket that never refills; every hit is over the limit, no store call. */
export function isClosedBucket(rule: RateLimitRule): boolean {
  return rule.requestsPerUnit === 0;
}
