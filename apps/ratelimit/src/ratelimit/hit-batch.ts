// The limits one request counts, in descriptor order: one entry per descriptor's rule, or one per
// item of its `rate_limits` list (a list's items are adjacent). Everything goes to the store in
// one HitCounter.count call. An entry carries its descriptor and statistics itself, so a batch is
// one array of one object per limit (no parallel arrays or wrapper to allocate on every call).
import type { MatchedLimit } from '@repo/rules';
import type { PendingHits } from '../limiter/hit-counter';
import type { LimitStats } from '../stats/limit-stats';
import type { StatsService } from '../stats/stats.service';

export interface BatchEntry extends PendingHits {
  /** The index of the request descriptor it counts for. */
  readonly descriptorIndex: number;
  /** The statistics it counts under (the rule's, or the item's own). */
  readonly stats: LimitStats;
}

/** True when entry `j` is the last one of its descriptor. */
export function isLastOfDescriptor(batch: readonly BatchEntry[], j: number): boolean {
  return j === batch.length - 1 || batch[j + 1].descriptorIndex !== batch[j].descriptorIndex;
}

/**
 * Whether an item of a list is reported instead of the one chosen so far (items come in list
 * order): the first over-limit item stays; otherwise an over-limit item wins, else strictly less
 * remaining (so the first of equals stays).
 */
export function isReportedBefore(
  isOver: boolean,
  remaining: number,
  isChosenOver: boolean,
  chosenRemaining: number,
): boolean {
  if (isChosenOver) return false;
  return isOver || remaining < chosenRemaining;
}

/**
 * Adds total_hits of every limit of the batch, once the store answered: a call answered with an
 * error counts no hits (docs/decisions.md#hits). A list's node counts its descriptor's hits once,
 * besides each item's own.
 */
export function countTotalHits(
  batch: readonly BatchEntry[],
  limits: readonly (MatchedLimit | undefined)[],
  stats: StatsService,
): void {
  for (let j = 0; j < batch.length; j++) {
    const { stats: limitStats, addend, descriptorIndex } = batch[j];
    limitStats.totalHits.add(addend);
    const limit = limits[descriptorIndex]!;
    if (limit.items !== undefined && isLastOfDescriptor(batch, j))
      stats.limitStats(limit.statsKey).totalHits.add(addend);
  }
}
