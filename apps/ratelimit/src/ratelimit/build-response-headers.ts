// RateLimit-* response headers (docs/decisions.md#response-headers): taken from one descriptor,
// chosen by scanning the statuses in order: a non-quota OVER_LIMIT status always becomes the
// candidate (the last one wins); otherwise a status with a limit whose remaining is strictly below
// the best so far (the first minimum wins ties). Statuses without a limit are never chosen.
import { algorithmOf } from '../limiter/algorithms/counter-algorithms';
import type { DescriptorDecision } from '../limiter/descriptor-decision';
import { isQuotaDescriptor } from './overall-code';
import type { DescriptorStatus, HeaderValue } from '../rate-limit-types';

export interface HeaderNames {
  readonly limitHeader: string;
  readonly remainingHeader: string;
  readonly resetHeader: string;
}

export function selectHeaderStatus(
  decisions: readonly DescriptorDecision[],
  isGlobalQuotaMode: boolean,
): DescriptorStatus | undefined {
  let candidate: DescriptorStatus | undefined;
  let minRemaining = Number.POSITIVE_INFINITY;
  for (let i = 0; i < decisions.length; i++) {
    const { status, limit } = decisions[i];
    if (status.currentLimit === undefined) continue;
    if (status.code === 'OVER_LIMIT' && !isQuotaDescriptor(limit, isGlobalQuotaMode)) {
      candidate = status;
      minRemaining = 0;
    } else if (status.limitRemaining < minRemaining) {
      candidate = status;
      minRemaining = status.limitRemaining;
    }
  }
  return candidate;
}

/**
 * Limit = requests_per_unit, Remaining = limit_remaining, Reset = the algorithm's (a fixed window:
 * the seconds left in the window from the clock at assembly time, as the reference; an algorithm
 * whose reset depends on the counts: the descriptor's duration_until_reset).
 */
export function buildResponseHeaders(
  status: DescriptorStatus,
  names: HeaderNames,
  nowSeconds: number,
): HeaderValue[] {
  const rule = status.currentLimit!;
  const reset = algorithmOf(rule).resetSeconds(rule, status.durationUntilResetSeconds ?? 0, nowSeconds);
  return [
    { key: names.limitHeader, value: String(rule.requestsPerUnit) },
    { key: names.remainingHeader, value: String(status.limitRemaining) },
    { key: names.resetHeader, value: String(reset) },
  ];
}
