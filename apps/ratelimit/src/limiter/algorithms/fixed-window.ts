// fixed_window (docs/algorithms.md, the default): Envoy's counter per window. The key
// ends with the window start, the store increments it, the count is judged against
// requests_per_unit, and a key seen over its limit is refused locally for the rest of one unit
// (the reference's local cache).
import type { RateLimitRule } from '@repo/rules';
import { overLimitTally, secondsUntilReset, type CounterAlgorithm } from './counter-algorithm';

/** `<start><window start>`: a new counter each window, so nothing needs resetting. */
export function windowKey(start: string, rule: RateLimitRule, nowSeconds: number): string {
  const { unitSeconds } = rule;
  return start + Math.floor(nowSeconds / unitSeconds) * unitSeconds;
}

export const fixedWindow: CounterAlgorithm = {
  primitive: 'increment',
  countsCached: true,
  counterKey: windowKey,
  operation: ({ key, addend, rule }) => ({ key, addend, windowSeconds: rule.unitSeconds }),
  tally: ({ rule, outcome }, nowMs) => {
    return {
      after: outcome!.count,
      limit: rule.requestsPerUnit,
      durationUntilResetSeconds: secondsUntilReset(rule.unitSeconds, Math.floor(nowMs / 1000)),
      overLimitTtlMs: rule.unitSeconds * 1000, // the reference keeps a mark for one unit
    };
  },
  reads: ({ key, rule }) => [{ key, windowSeconds: rule.unitSeconds }],
  wouldExceed: ({ rule, addend }, stored) => stored[0] + addend > rule.requestsPerUnit,
  // the rest of the window, as the reference
  cachedTally: ({ rule }, nowMs) =>
    overLimitTally(rule, secondsUntilReset(rule.unitSeconds, Math.floor(nowMs / 1000))),
  // from the clock at assembly time, as the reference
  resetSeconds: (rule, _durationUntilResetSeconds, nowSeconds) =>
    secondsUntilReset(rule.unitSeconds, nowSeconds),
};
