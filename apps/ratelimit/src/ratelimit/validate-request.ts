// Request checks before any lookup (docs/decisions.md#checks-before-anything-is-counted): the
// reference's texts for the first two; an override whose unit is not a real unit crashed the
// reference and is a clear error here, and so is a hits_addend above MAX_HITS_ADDEND (the
// transports check it first, with the exact value as it came; this is the check for every caller),
// and so is a request over the descriptor and entry bounds (the transports count them before
// decoding the rest, so an oversized request costs no more than its count).
import { UNIT_SECONDS, type Descriptor } from '@repo/rules';
import { InvalidRequestError } from '../errors';
import {
  MAX_DESCRIPTORS_PER_REQUEST,
  MAX_ENTRIES_PER_REQUEST,
  MAX_HITS_ADDEND,
  type RateLimitRequest,
} from '../rate-limit-types';

export function validateRequest(request: RateLimitRequest): void {
  if (request.domain === '') throw new InvalidRequestError('rate limit domain must not be empty');
  if (request.descriptors.length === 0) {
    throw new InvalidRequestError('rate limit descriptor list must not be empty');
  }
  checkRequestSize(request.descriptors.length, countEntries(request.descriptors));
  if (!isValidHitsAddend(request.hitsAddend)) throw hitsAddendError('', request.hitsAddend);
  for (let i = 0; i < request.descriptors.length; i++) {
    validateOverride(request.descriptors[i], i);
    const addend = request.descriptors[i].hitsAddend;
    if (addend !== undefined && !isValidHitsAddend(addend))
      throw hitsAddendError(`descriptor ${i}: `, addend);
  }
}

export const TOO_MANY_DESCRIPTORS = `rate limit request has more than ${MAX_DESCRIPTORS_PER_REQUEST} descriptors`;
export const TOO_MANY_ENTRIES = `rate limit request has more than ${MAX_ENTRIES_PER_REQUEST} descriptor entries`;

/** Throws when `descriptors` or `entries` (over all descriptors) pass their bound. */
export function checkRequestSize(descriptors: number, entries: number): void {
  if (descriptors > MAX_DESCRIPTORS_PER_REQUEST) throw new InvalidRequestError(TOO_MANY_DESCRIPTORS);
  if (entries > MAX_ENTRIES_PER_REQUEST) throw new InvalidRequestError(TOO_MANY_ENTRIES);
}

function countEntries(descriptors: readonly Descriptor[]): number {
  let entries = 0;
  for (let i = 0; i < descriptors.length; i++) entries += descriptors[i].entries.length;
  return entries;
}

function isValidHitsAddend(addend: number): boolean {
  return Number.isInteger(addend) && addend >= 0 && addend <= MAX_HITS_ADDEND;
}

/** `got` as the transport read it (the exact decimal of a uint64 above 2^53). */
export function hitsAddendError(where: string, got: number | string): InvalidRequestError {
  return new InvalidRequestError(
    `${where}hits_addend must be an integer from 0 to ${MAX_HITS_ADDEND}, got ${got}`,
  );
}

function validateOverride(descriptor: Descriptor, index: number): void {
  const limit = descriptor.limit;
  if (limit === undefined || Object.hasOwn(UNIT_SECONDS, limit.unit)) return;
  throw new InvalidRequestError(
    `descriptor ${index}: limit override has unit ${String(limit.unit)}; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR`,
  );
}
