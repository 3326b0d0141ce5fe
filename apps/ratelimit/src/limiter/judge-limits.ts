// One status per descriptor once the store answered (docs/rules.md#how-a-request-is-judged). A
// descriptor with several limits (the items of a `rate_limits` list) reports its first over-limit
// item, else the one with the least remaining (the first on ties); that item's verdict is then
// counted once more, under the node's stats key.
import type { StatsService } from '../stats/stats.service';
import { computeDescriptorStatus, type CountedHits } from './compute-descriptor-status';
import { isLastOfDescriptor, type CountedLimit } from './descriptor-decision';
import type { HitCounter } from './hit-counter';

export function judgeLimits(
  batch: readonly CountedLimit[],
  counter: HitCounter,
  nearLimitRatio: number,
  stats: StatsService,
  nowMs: number,
): void {
  let reported: CountedHits | undefined; // of the list being judged
  let isReportedOver = false;
  let reportedRemaining = 0;
  for (let j = 0; j < batch.length; j++) {
    const entry = batch[j];
    const counted = counter.tally(entry, nowMs);
    const status = computeDescriptorStatus(counted, nearLimitRatio, entry.stats);
    const { decision } = entry;
    const limit = decision.limit!;
    if (limit.items === undefined) {
      decision.status = status;
      continue;
    }
    const isOver = counted.isLocalCacheHit || counted.tally.after > counted.tally.limit;
    const remaining = status.limitRemaining;
    if (reported === undefined || isReportedBefore(isOver, remaining, isReportedOver, reportedRemaining)) {
      reported = counted;
      isReportedOver = isOver;
      reportedRemaining = remaining;
    }
    if (!isLastOfDescriptor(batch, j)) continue;
    decision.status = computeDescriptorStatus(reported, nearLimitRatio, stats.limitStats(limit.statsKey));
    reported = undefined;
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
