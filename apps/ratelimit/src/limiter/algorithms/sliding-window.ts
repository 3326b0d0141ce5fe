// sliding_window (docs/algorithms.md#sliding_window: the two-window estimate of Cloudflare and
// nginx): a fixed window's key and increment plus a read of the previous window, judged by the
// estimate; over the limit, the reset and the local cache's mark last until a retry would fit.
// The arithmetic is pure: counts and times in, numbers out. W = the window in ms, elapsed = ms
// since it started.
import type { RateLimitRule } from '@repo/rules';
import {
  secondsUntilReset,
  statusReset,
  untilMarkEnds,
  wholeSeconds,
  type CounterAlgorithm,
  type PendingHits,
  type Tally,
} from './counter-algorithm';
import { windowKey } from './fixed-window';
import { previousWindowKey } from '@repo/storage';

export interface SlidingWindowState {
  /** The current window's count, this request's hits included. */
  readonly current: number;
  /** The previous window's count. */
  readonly previous: number;
  readonly windowMs: number;
  readonly elapsedMs: number;
}

/** estimate = floor(previous x (W - elapsed) / W) + current. */
export function slidingEstimate(state: SlidingWindowState): number {
  const { current, previous, windowMs, elapsedMs } = state;
  return Math.floor((previous * (windowMs - elapsedMs)) / windowMs) + current;
}

/**
 * Milliseconds from now until a request of `hits` more hits would be allowed (estimate <= limit)
 * if no other hits came: the previous window weighs less as time passes; once the window ends,
 * today's count becomes the previous one. At most the end of the next window (2W - elapsed):
 * by then both windows are gone, so a request that still does not fit never will.
 */
export function slidingRetryMs(state: SlidingWindowState, limit: number, hits: number): number {
  const { current, previous, windowMs: w, elapsedMs } = state;
  const untilNextWindow = w - elapsedMs;
  const inThisWindow = earliestElapsed(previous, limit - current - hits, w);
  if (inThisWindow !== undefined && inThisWindow < w) return Math.max(0, inThisWindow - elapsedMs);
  const inNextWindow = earliestElapsed(current, limit - hits, w);
  if (inNextWindow === undefined) return untilNextWindow + w;
  return Math.min(untilNextWindow + inNextWindow, untilNextWindow + w);
}

/**
 * The smallest elapsed time e (ms, 0..W) at which floor(weighted x (W - e) / W) <= room, or
 * undefined when room < 0 (nothing fits whatever the weight). In integers:
 * weighted x (W - e) < (room + 1) x W  <=>  e >= W - floor(((room + 1) x W - 1) / weighted).
 */
function earliestElapsed(weighted: number, room: number, windowMs: number): number | undefined {
  if (room < 0) return undefined;
  if (weighted === 0) return 0;
  return Math.max(0, windowMs - Math.floor(((room + 1) * windowMs - 1) / weighted));
}

/** The window a sliding rule counts in at `nowMs`, with the current (hits included) and previous counts. */
function slidingState(
  rule: RateLimitRule,
  current: number,
  previous: number,
  nowMs: number,
): SlidingWindowState {
  const windowMs = rule.unitSeconds * 1000;
  return { current, previous, windowMs, elapsedMs: nowMs % windowMs };
}

function tally({ rule, addend, outcome }: PendingHits, nowMs: number): Tally {
  const state = slidingState(rule, outcome!.count, outcome!.previousCount, nowMs);
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

export const slidingWindow: CounterAlgorithm = {
  primitive: 'increment_and_read_previous',
  // its estimate needs the previous window's total, which the cache does not hold
  countsCached: false,
  counterKey: windowKey,
  operation: ({ key, addend, rule }) => ({
    primitive: 'increment_and_read_previous',
    key,
    addend,
    windowSeconds: rule.unitSeconds,
  }),
  tally,
  reads: ({ key, rule }) => [
    { key, windowSeconds: rule.unitSeconds },
    { key: previousWindowKey(key, rule.unitSeconds), windowSeconds: rule.unitSeconds },
  ],
  wouldExceed: ({ rule, addend }, stored, nowMs) =>
    slidingEstimate(slidingState(rule, stored[0] + addend, stored[1], nowMs)) > rule.requestsPerUnit,
  cachedTally: untilMarkEnds,
  resetSeconds: statusReset,
};
