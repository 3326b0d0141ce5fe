// Request checks before any lookup (docs/decisions.md#checks-before-anything-is-counted): the
// reference's texts for the first two; an override whose unit is not a real unit crashed the
// reference and is a clear error here.
import { UNIT_SECONDS, type Descriptor } from '@repo/rules';
import { InvalidRequestError } from '../errors';
import type { RateLimitRequest } from '../rate-limit-types';

export function validateRequest(request: RateLimitRequest): void {
  if (request.domain === '') throw new InvalidRequestError('rate limit domain must not be empty');
  if (request.descriptors.length === 0) {
    throw new InvalidRequestError('rate limit descriptor list must not be empty');
  }
  for (let i = 0; i < request.descriptors.length; i++) {
    validateOverride(request.descriptors[i], i);
    validateHitsAddend(request.descriptors[i], i);
  }
}

/** Counters are JS numbers: a uint64 addend above 2^53 - 1 cannot be counted exactly. */
function validateHitsAddend(descriptor: Descriptor, index: number): void {
  const addend = descriptor.hitsAddend;
  if (addend === undefined || (Number.isSafeInteger(addend) && addend >= 0)) return;
  throw new InvalidRequestError(
    `descriptor ${index}: hits_addend must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}, got ${addend}`,
  );
}

function validateOverride(descriptor: Descriptor, index: number): void {
  const limit = descriptor.limit;
  if (limit === undefined || Object.hasOwn(UNIT_SECONDS, limit.unit)) return;
  throw new InvalidRequestError(
    `descriptor ${index}: limit override has unit ${String(limit.unit)}; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR`,
  );
}
