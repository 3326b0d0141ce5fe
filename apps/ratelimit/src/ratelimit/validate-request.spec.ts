import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Unit } from '@repo/rules';
import { InvalidRequestError } from '../errors';
import type { RateLimitRequest } from '../rate-limit-types';
import { validateRequest } from './validate-request';

const entries = [{ key: 'k', value: 'v' }];

function rejects(request: RateLimitRequest, message: string): void {
  assert.throws(
    () => validateRequest(request),
    (error: unknown) => error instanceof InvalidRequestError && error.message === message,
  );
}

describe(validateRequest.name, () => {
  it('empty domain: "rate limit domain must not be empty" (checked before the descriptors)', () => {
    rejects({ domain: '', descriptors: [], hitsAddend: 0 }, 'rate limit domain must not be empty');
    rejects({ domain: '', descriptors: [{ entries }], hitsAddend: 0 }, 'rate limit domain must not be empty');
  });

  it('no descriptors: "rate limit descriptor list must not be empty"', () => {
    rejects({ domain: 'd', descriptors: [], hitsAddend: 0 }, 'rate limit descriptor list must not be empty');
  });

  it('accepts a descriptor without entries, any hits_addend from 0 and every unit as override', () => {
    const units: Unit[] = ['SECOND', 'MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];
    const descriptors = units.map((unit) => ({ entries, limit: { requestsPerUnit: 0, unit } }));
    validateRequest({ domain: 'd', descriptors: [{ entries: [] }, ...descriptors], hitsAddend: 0 });
    validateRequest({ domain: 'd', descriptors: [{ entries, hitsAddend: 0 }], hitsAddend: 4294967295 });
    validateRequest({ domain: 'd', descriptors: [{ entries, hitsAddend: 4294967295 }], hitsAddend: 0 });
  });

  it('ours: at most 1,000 descriptors and 4,096 entries over all of them', () => {
    const many = (count: number, entryCount = 1) =>
      Array.from({ length: count }, () => ({
        entries: Array.from({ length: entryCount }, (_, i) => ({ key: `k${i}`, value: 'v' })),
      }));
    validateRequest({ domain: 'd', descriptors: many(1000), hitsAddend: 0 });
    validateRequest({ domain: 'd', descriptors: many(4, 1024), hitsAddend: 0 });
    rejects(
      { domain: 'd', descriptors: many(1001), hitsAddend: 0 },
      'rate limit request has more than 1000 descriptors',
    );
    rejects(
      { domain: 'd', descriptors: [...many(1, 4000), ...many(1, 97)], hitsAddend: 0 },
      'rate limit request has more than 4096 descriptor entries',
    );
    // the empty domain is named first
    rejects({ domain: '', descriptors: many(1001), hitsAddend: 0 }, 'rate limit domain must not be empty');
  });

  it('override with an unknown unit: a clear InvalidRequestError naming the descriptor, never a crash', () => {
    rejects(
      {
        domain: 'd',
        descriptors: [{ entries }, { entries, limit: { requestsPerUnit: 5, unit: 'UNKNOWN' as Unit } }],
        hitsAddend: 0,
      },
      'descriptor 1: limit override has unit UNKNOWN; use SECOND, MINUTE, HOUR, DAY, WEEK, MONTH or YEAR',
    );
  });

  it('ours: a hits_addend above 4294967295 (request or descriptor) is rejected, naming value and bound', () => {
    rejects(
      { domain: 'd', descriptors: [{ entries }, { entries, hitsAddend: 4294967296 }], hitsAddend: 0 },
      'descriptor 1: hits_addend must be an integer from 0 to 4294967295, got 4294967296',
    );
    rejects(
      { domain: 'd', descriptors: [{ entries, hitsAddend: 2 ** 53 - 1 }], hitsAddend: 0 },
      'descriptor 0: hits_addend must be an integer from 0 to 4294967295, got 9007199254740991',
    );
    rejects(
      { domain: 'd', descriptors: [{ entries, hitsAddend: -1 }], hitsAddend: 0 },
      'descriptor 0: hits_addend must be an integer from 0 to 4294967295, got -1',
    );
    rejects(
      { domain: 'd', descriptors: [{ entries }], hitsAddend: 4294967296 },
      'hits_addend must be an integer from 0 to 4294967295, got 4294967296',
    );
  });

  it('the errors count as service_error: InvalidRequestError is a RateLimitError named InvalidRequestError', () => {
    try {
      validateRequest({ domain: '', descriptors: [], hitsAddend: 0 });
      assert.fail('validateRequest did not throw');
    } catch (error) {
      assert.ok(error instanceof InvalidRequestError);
      assert.equal((error as Error).name, 'InvalidRequestError');
    }
  });
});
