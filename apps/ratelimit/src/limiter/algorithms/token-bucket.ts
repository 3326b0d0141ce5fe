// token_bucket (GCRA, docs/algorithms.md#token_bucket): one key per descriptor (`..._tb`, no
// window), the store takes the tokens atomically and answers the TAT it found; from it this
// derives what the client sees. T = W / L is the emission interval, tolerance = T x burst, TAT =
// the theoretical arrival time (ms). A closed bucket (requests_per_unit 0) is not asked: nothing
// could ever fit.
import type { RateLimitRule } from '@repo/rules';
import { takeTokens, type TokenBucketTake } from '@repo/storage';
import {
  statusReset,
  untilMarkEnds,
  wholeSeconds,
  type CounterAlgorithm,
  type PendingHits,
  type Tally,
} from './counter-algorithm';

const TOKEN_BUCKET_SUFFIX = 'tb';

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

function operation({ key, addend, rule }: PendingHits, nowMs: number): TokenBucketTake | undefined {
  if (isClosedBucket(rule)) return undefined;
  const { emissionIntervalMs, toleranceMs } = bucketTiming(rule);
  const windowSeconds = rule.unitSeconds;
  return { primitive: 'take_tokens', key, addend, windowSeconds, nowMs, emissionIntervalMs, toleranceMs };
}

function tally({ rule, addend, outcome }: PendingHits, nowMs: number): Tally {
  if (isClosedBucket(rule)) {
    // never refills: every hit is over; say one refill period until reset
    const { unitSeconds } = rule;
    return {
      after: addend,
      limit: 0,
      durationUntilResetSeconds: unitSeconds,
      overLimitTtlMs: unitSeconds * 1000,
    };
  }
  const limit = rule.burst;
  const { isAllowed, tatBeforeMs } = outcome!;
  if (isAllowed) {
    const tat = tatAfter(tatBeforeMs, nowMs, addend, rule);
    const durationUntilResetSeconds = Math.ceil((tat - nowMs) / 1000); // until the bucket is full
    return {
      after: limit - tokensLeft(tat, nowMs, rule),
      limit,
      durationUntilResetSeconds,
      overLimitTtlMs: 0,
    };
  }
  return {
    after: limit - tokensLeft(tatBeforeMs, nowMs, rule) + addend,
    limit,
    durationUntilResetSeconds: wholeSeconds(bucketRetryMs(tatBeforeMs, nowMs, addend, rule)),
    overLimitTtlMs: bucketRetryMs(tatBeforeMs, nowMs, 1, rule),
  };
}

function wouldExceed({ rule, addend }: PendingHits, stored: readonly number[], nowMs: number): boolean {
  if (isClosedBucket(rule)) return addend > 0;
  const { emissionIntervalMs, toleranceMs } = bucketTiming(rule);
  return !takeTokens(stored[0], addend, nowMs, emissionIntervalMs, toleranceMs).isAllowed;
}

export const tokenBucket: CounterAlgorithm = {
  primitive: 'take_tokens',
  // a take is an atomic read-modify-write in the store: nothing to add up and send later
  countsCached: false,
  counterKey: (start) => start + TOKEN_BUCKET_SUFFIX,
  operation,
  tally,
  reads: ({ key, rule }) => [{ key, windowSeconds: rule.unitSeconds }],
  wouldExceed,
  cachedTally: untilMarkEnds,
  resetSeconds: statusReset,
};
