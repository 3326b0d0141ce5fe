import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchedLimit, RateLimitRule } from '@repo/rules';
import { testLimit, testRule } from '../../test/support/rule-fixtures';
import { buildResponseHeaders, selectHeaderStatus as selectOf } from './build-response-headers';
import { descriptorDecisions } from '../../test/support/descriptor-decisions';
import type { DescriptorStatus } from '../rate-limit-types';

const selectHeaderStatus = (
  statuses: DescriptorStatus[],
  limits: (MatchedLimit | undefined)[],
  isGlobalQuotaMode: boolean,
) => selectOf(descriptorDecisions(statuses, limits), isGlobalQuotaMode);

const matched = (limit: RateLimitRule): MatchedLimit => testLimit(limit);
const okStatus = (limit: RateLimitRule, limitRemaining: number): DescriptorStatus => ({
  code: 'OK',
  currentLimit: limit,
  limitRemaining,
  durationUntilResetSeconds: 1,
});
const overStatus = (limit: RateLimitRule): DescriptorStatus => ({
  code: 'OVER_LIMIT',
  currentLimit: limit,
  limitRemaining: 0,
  durationUntilResetSeconds: 1,
});
const noLimit: DescriptorStatus = { code: 'OK', limitRemaining: 0 };
const unlimited: DescriptorStatus = { code: 'OK', limitRemaining: 4294967295 };

describe(selectOf.name, () => {
  const a = testRule({ requestsPerUnit: 10 });
  const b = testRule({ requestsPerUnit: 20 });
  const c = testRule({ requestsPerUnit: 30 });

  it('the last non-quota OVER_LIMIT status wins', () => {
    const statuses = [overStatus(a), okStatus(b, 5), overStatus(c)];
    assert.equal(selectHeaderStatus(statuses, [a, b, c].map(matched), false), statuses[2]);
  });

  it('an OVER_LIMIT status beats an earlier OK with remaining 0; a later OK with 0 does not replace it', () => {
    const statuses = [okStatus(a, 0), overStatus(b), okStatus(c, 0)];
    assert.equal(selectHeaderStatus(statuses, [a, b, c].map(matched), false), statuses[1]);
  });

  it('otherwise the lowest remaining wins and the first minimum wins ties', () => {
    const statuses = [okStatus(a, 5), okStatus(b, 3), okStatus(c, 3)];
    assert.equal(selectHeaderStatus(statuses, [a, b, c].map(matched), false), statuses[1]);
  });

  it('statuses without a limit (no match, unlimited) are never chosen', () => {
    const statuses = [noLimit, unlimited, okStatus(a, 7)];
    assert.equal(selectHeaderStatus(statuses, [undefined, undefined, matched(a)], false), statuses[2]);
    assert.equal(selectHeaderStatus([noLimit, unlimited], [undefined, undefined], false), undefined);
  });

  it('a shadow-mode over-limit status (OK, remaining 0) can be chosen', () => {
    const shadow = testRule({ requestsPerUnit: 10, shadowMode: true });
    const statuses = [okStatus(a, 2), okStatus(shadow, 0)];
    assert.equal(selectHeaderStatus(statuses, [matched(a), matched(shadow)], false), statuses[1]);
  });

  it('a quota-mode OVER_LIMIT status competes only by its remaining (first minimum)', () => {
    const quota = testRule({ requestsPerUnit: 10, quotaMode: true });
    const statuses = [okStatus(a, 0), overStatus(quota)];
    assert.equal(selectHeaderStatus(statuses, [matched(a), matched(quota)], false), statuses[0]);
  });

  it('with global QUOTA_MODE no OVER_LIMIT is unconditional: the first of two over-limit statuses wins', () => {
    const statuses = [overStatus(a), overStatus(b)];
    assert.equal(selectHeaderStatus(statuses, [a, b].map(matched), true), statuses[0]);
  });

  it('no candidate -> undefined (no headers)', () => {
    assert.equal(selectHeaderStatus([], [], false), undefined);
  });
});

describe(buildResponseHeaders.name, () => {
  const names = {
    limitHeader: 'RateLimit-Limit',
    remainingHeader: 'RateLimit-Remaining',
    resetHeader: 'RateLimit-Reset',
  };

  it('clock 2222, MINUTE, L=10 over -> Limit 10, Remaining 0, Reset 58, in that order', () => {
    assert.deepEqual(buildResponseHeaders(overStatus(testRule({ requestsPerUnit: 10 })), names, 2222), [
      { key: 'RateLimit-Limit', value: '10' },
      { key: 'RateLimit-Remaining', value: '0' },
      { key: 'RateLimit-Reset', value: '58' },
    ]);
  });

  it('uses the configured LIMIT_*_HEADER names and the status remaining; Reset from the clock given', () => {
    const custom = { limitHeader: 'X-Limit', remainingHeader: 'X-Left', resetHeader: 'X-Reset' };
    assert.deepEqual(
      buildResponseHeaders(okStatus(testRule({ requestsPerUnit: 100, unit: 'HOUR' }), 42), custom, 1000000),
      [
        { key: 'X-Limit', value: '100' },
        { key: 'X-Left', value: '42' },
        { key: 'X-Reset', value: '800' },
      ],
    );
  });

  it('Reset is never 0: at a window start it is the whole unit', () => {
    assert.equal(
      buildResponseHeaders(okStatus(testRule({ requestsPerUnit: 5, unit: 'SECOND' }), 1), names, 1234)[2]
        .value,
      '1',
    );
    assert.equal(
      buildResponseHeaders(okStatus(testRule({ requestsPerUnit: 5 }), 1), names, 1200)[2].value,
      '60',
    );
  });
});
