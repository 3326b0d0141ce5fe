// STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT
// (docs/decisions.md#stop_cache_key_increment_when_overlimit): would `addend` more hits put a
// descriptor over its limit, judged from the stored state before counting? The same test as the
// decision, with the stored values in place of the store's answer.
import type { RateLimitRule } from '@repo/rules';
import { takeTokens } from '@repo/storage';
import { slidingEstimate } from './sliding-window';
import { bucketTiming, isClosedBucket } from './token-bucket';

/**
 * `stored`: the window's count, or a token bucket's TAT; `storedPrevious`: a sliding window's
 * previous count (0 otherwise).
 */
export function wouldExceedLimit(
  rule: RateLimitRule,
  addend: number,
  stored: number,
  storedPrevious: number,
  nowMs: number,
): boolean {
  const limit = rule.requestsPerUnit;
  if (rule.algorithm === 'sliding_window') {
    const windowMs = rule.unitSeconds * 1000;
    const state = {
      current: stored + addend,
      previous: storedPrevious,
      windowMs,
      elapsedMs: nowMs % windowMs,
    };
    return slidingEstimate(state) > limit;
  }
  if (rule.algorithm === 'token_bucket') {
    if (isClosedBucket(rule)) return addend > 0;
    const { emissionIntervalMs, toleranceMs } = bucketTiming(rule);
    return !takeTokens(stored, addend, nowMs, emissionIntervalMs, toleranceMs).isAllowed;
  }
  return stored + addend > limit;
}
