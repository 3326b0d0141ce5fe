// The limits one request counts, in descriptor order: one entry per descriptor's rule, or one per
// item of its `rate_limits` list (a list's items are adjacent). Everything goes to the store in
// one HitCounter.count call.
import type { PendingHits } from '../limiter/hit-counter';
import type { LimitStats } from '../stats/limit-stats';

export class HitBatch {
  readonly pending: PendingHits[] = [];
  /** Per entry: the index of the request descriptor it counts for. */
  readonly descriptorIndex: number[] = [];
  /** Per entry: the statistics it counts under (the rule's, or the item's own). */
  readonly stats: LimitStats[] = [];

  add(hits: PendingHits, descriptorIndex: number, stats: LimitStats): void {
    this.pending.push(hits);
    this.descriptorIndex.push(descriptorIndex);
    this.stats.push(stats);
  }

  /** True when entry `j` is the last one of its descriptor. */
  isLastOfDescriptor(j: number): boolean {
    return this.descriptorIndex[j + 1] !== this.descriptorIndex[j];
  }
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
