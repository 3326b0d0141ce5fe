// The console's heavy hitters fed from the decisions (DecisionObservers): each over-limit
// descriptor's values, under its rule, weighted by its hits.
import type { DescriptorDecision } from '../limiter/descriptor-decision';
import type { RateLimitRequest } from '../rate-limit-types';
import type { OverLimitObserver } from '../ratelimit/decision-observers';
import type { LimitedValues } from './limited-values';

export class LimitedValuesObserver implements OverLimitObserver {
  constructor(private readonly limited: LimitedValues) {}

  onOverLimit(request: RateLimitRequest, decisions: readonly DescriptorDecision[], nowMs: number): void {
    const defaultAddend = Math.max(1, request.hitsAddend);
    for (let i = 0; i < decisions.length; i++) {
      const { limit, status } = decisions[i];
      if (status.code !== 'OVER_LIMIT' || limit === undefined) continue;
      const descriptor = request.descriptors[i];
      const hits = descriptor.hitsAddend ?? defaultAddend;
      if (hits > 0) this.limited.record(limit.ruleStatsKey, descriptor.entries, hits, nowMs);
    }
  }
}
