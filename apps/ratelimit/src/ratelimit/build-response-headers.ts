// RateLimit-* response headers (docs/decisions.md#response-headers): taken from one descriptor,
// chosen by scanning the statuses in order: a non-quota OVER_LIMIT status always becomes the
// candidate (the last one wins); otherwise a status with a limit whose remaining is strictly below
// the best so far (the first minimum wins ties). Statuses without a limit are never chosen.
import type { MatchedLimit } from '@repo/rules';
import { secondsUntilReset } from '../limiter/seconds-until-reset';
import { isQuotaDescriptor } from './overall-code';
import type { DescriptorStatus, HeaderValue } from '../rate-limit-types';

export interface HeaderNames {
  readonly limitHeader: string;
  readonly remainingHeader: string;
  readonly resetHeader: string;
}

export function selectHeaderStatus(
  statuses: readonly DescriptorStatus[],
  limits: readonly (MatchedLimit | undefined)[],
  isGlobalQuotaMode: boolean,
): DescriptorStatus | undefined {
  let candidate: DescriptorStatus | undefined;
  let minRemaining = Number.POSITIVE_INFINITY;
  for (let i = 0; i < statuses.length; i++) {
    const status = statuses[i];
    if (status.currentLimit === undefined) continue;
    if (status.code === 'OVER_LIMIT' && !isQuotaDescriptor(limits[i], isGlobalQuotaMode)) {
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
 * Limit = requests_per_unit, Remaining = limit_remaining, Reset = seconds left in the window (a
 * fixed window's, from the clock at assembly time as the reference does), or the descriptor's
 * duration_until_reset for a sliding window or a token bucket (their reset depends on the counts).
 */
export function buildResponseHeaders(
  status: DescriptorStatus,
  names: HeaderNames,
  nowSeconds: number,
): HeaderValue[] {
  const rule = status.currentLimit!;
  const reset =
    rule.algorithm === 'fixed_window'
      ? secondsUntilReset(rule.unitSeconds, nowSeconds)
      : (status.durationUntilResetSeconds ?? 0);
  return [
    { key: names.limitHeader, value: String(rule.requestsPerUnit) },
    { key: names.remainingHeader, value: String(status.limitRemaining) },
    { key: names.resetHeader, value: String(reset) },
  ];
}
