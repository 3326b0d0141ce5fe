// The request's overall code from its statuses (docs/decisions.md#the-overall-code): OVER_LIMIT
// when a non-quota descriptor is over, or when every quota descriptor is over (there being at least
// one) and the request has no non-quota descriptor. That last condition is easy to miss, but the
// reference's own tests need it ("regular ok + quota over -> OK"; the reference reworked mixed
// requests in envoyproxy/ratelimit#1059). Unlimited descriptors take no part. Global shadow mode is
// applied by the caller afterwards.
import type { MatchedLimit } from '@repo/rules';
import type { DescriptorDecision } from '../limiter/descriptor-decision';
import type { ResponseCode } from '../rate-limit-types';

export function overallCode(
  decisions: readonly DescriptorDecision[],
  isGlobalQuotaMode: boolean,
): ResponseCode {
  let isRegularOver = false;
  let regularCount = 0;
  let quotaCount = 0;
  let quotaOverCount = 0;
  for (let i = 0; i < decisions.length; i++) {
    const { isUnlimited, status, limit } = decisions[i];
    if (isUnlimited) continue;
    const isOver = status.code === 'OVER_LIMIT';
    if (isQuotaDescriptor(limit, isGlobalQuotaMode)) {
      quotaCount++;
      if (isOver) quotaOverCount++;
    } else {
      regularCount++;
      if (isOver) isRegularOver = true;
    }
  }
  const isEveryQuotaOver = quotaCount > 0 && quotaOverCount === quotaCount && regularCount === 0;
  return isRegularOver || isEveryQuotaOver ? 'OVER_LIMIT' : 'OK';
}

/** QUOTA_MODE makes every descriptor a quota one, even those without a limit (as the reference). */
export function isQuotaDescriptor(limit: MatchedLimit | undefined, isGlobalQuotaMode: boolean): boolean {
  return isGlobalQuotaMode || (limit !== undefined && limit.rule.quotaMode);
}
