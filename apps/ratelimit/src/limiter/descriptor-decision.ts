// The decision as one record per descriptor (docs/decisions.md): its limit, its status, and the
// limits it counts (one, or one per item of its `rate_limits` list), each with the store's or the
// local cache's answer. The decision service fills them in order: matched, counted, judged.
import type { MatchedLimit } from '@repo/rules';
import type { DescriptorStatus } from '../rate-limit-types';
import type { LimitStats } from '../stats/limit-stats';
import type { StatsService } from '../stats/stats.service';
import type { PendingHits } from './algorithms/counter-algorithm';

export interface DescriptorDecision {
  /** The limit to count, or undefined (none, unlimited or replaced). */
  readonly limit: MatchedLimit | undefined;
  /** Its limit is unlimited: status OK, limit_remaining 4294967295, no counter. */
  readonly isUnlimited: boolean;
  /** Set once the store answered (until then: no limit, or unlimited). */
  status: DescriptorStatus;
}

/** One limit a request counts, with its descriptor's record; a list's items are adjacent in a batch. */
export interface CountedLimit extends PendingHits {
  readonly decision: DescriptorDecision;
  /** The statistics it counts under (the rule's, or the item's own). */
  readonly stats: LimitStats;
}

/** A limit to count, not yet asked: made in one place so every entry has one shape. */
export function countedLimit(
  key: string,
  addend: number,
  rule: CountedLimit['rule'],
  decision: DescriptorDecision,
  stats: LimitStats,
): CountedLimit {
  return {
    key,
    addend,
    rule,
    decision,
    stats,
    outcome: undefined,
    localCacheUntilMs: 0,
    isCountedCached: false,
  };
}

/** True when entry `j` is the last one of its descriptor. */
export function isLastOfDescriptor(batch: readonly CountedLimit[], j: number): boolean {
  return j === batch.length - 1 || batch[j + 1].decision !== batch[j].decision;
}

/**
 * Adds total_hits of every limit of the batch, once the store answered: a call answered with an
 * error counts no hits (docs/decisions.md#hits). A list's node counts its descriptor's hits once,
 * besides each item's own.
 */
export function countTotalHits(batch: readonly CountedLimit[], stats: StatsService): void {
  for (let j = 0; j < batch.length; j++) {
    const { stats: limitStats, addend, decision } = batch[j];
    limitStats.totalHits.add(addend);
    const limit = decision.limit!;
    if (limit.items !== undefined && isLastOfDescriptor(batch, j))
      stats.limitStats(limit.statsKey).totalHits.add(addend);
  }
}
