// One descriptor's status from its tally (docs/decisions.md#the-status-of-one-descriptor, reference
// limiter/base_limiter.go GetResponseDescriptorStatus), adding the hits to the limit's counters.
// Every algorithm is judged here the same way (docs/algorithms.md): the tally's `after` against its
// `limit` plays the part of the fixed window's count. Pure apart from those counters.
import type { RateLimitRule } from '@repo/rules';
import type { DescriptorStatus } from '../rate-limit-types';
import type { LimitStats } from '../stats/limit-stats';
import { nearLimitThreshold } from './near-limit-threshold';
import type { Tally } from './algorithms/counter-algorithm';

export interface CountedHits {
  readonly rule: RateLimitRule;
  /** Hits of this request for the descriptor (may be 0: check only). */
  readonly addend: number;
  /**
   * What the store's answer amounts to (its algorithm's tally); for a local over-limit cache hit (no store
   * call) only its durationUntilResetSeconds is used.
   */
  readonly tally: Tally;
  /** The local over-limit cache already knew the key (no store call was made). */
  readonly isLocalCacheHit: boolean;
}

export function computeDescriptorStatus(
  hits: CountedHits,
  nearLimitRatio: number,
  stats: LimitStats,
): DescriptorStatus {
  const { rule, addend, tally } = hits;
  const durationUntilResetSeconds = tally.durationUntilResetSeconds;
  if (hits.isLocalCacheHit) {
    stats.overLimit.add(addend);
    stats.overLimitWithLocalCache.add(addend);
    return overLimit(rule, durationUntilResetSeconds, stats, addend);
  }
  const { after, limit } = tally;
  // The reference subtracts unsigned integers: a count below the addend (possible only when
  // STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT sent INCRBY 0) wraps to a huge `before`.
  const before = after >= addend ? after - addend : Number.MAX_SAFE_INTEGER;
  const nearLimit = nearLimitThreshold(limit, nearLimitRatio);
  if (after > limit) {
    if (before >= limit) {
      stats.overLimit.add(addend);
    } else {
      stats.overLimit.add(after - limit);
      stats.nearLimit.add(limit - Math.max(nearLimit, before));
    }
    return overLimit(rule, durationUntilResetSeconds, stats, before >= limit ? addend : after - limit);
  }
  stats.withinLimit.add(addend);
  if (after > nearLimit) stats.nearLimit.add(before >= nearLimit ? addend : after - nearLimit);
  return { code: 'OK', currentLimit: rule, limitRemaining: limit - after, durationUntilResetSeconds };
}

/** OVER_LIMIT, or OK with remaining 0 for a shadow-mode rule (counting `shadowHits`). */
function overLimit(
  rule: RateLimitRule,
  durationUntilResetSeconds: number,
  stats: LimitStats,
  shadowHits: number,
): DescriptorStatus {
  if (rule.shadowMode) {
    stats.shadowMode.add(shadowHits);
    return { code: 'OK', currentLimit: rule, limitRemaining: 0, durationUntilResetSeconds };
  }
  return { code: 'OVER_LIMIT', currentLimit: rule, limitRemaining: 0, durationUntilResetSeconds };
}
