import { describe, it } from 'node:test';
import type { MatchedLimit } from '@repo/rules';
import assert from 'node:assert/strict';
import { testLimit, testRule } from '../../test/support/rule-fixtures';
import { isQuotaDescriptor, overallCode as overallCodeOf } from './overall-code';
import { descriptorDecisions } from '../../test/support/descriptor-decisions';
import type { DescriptorStatus } from '../rate-limit-types';

/** The records of descriptors whose statuses, limits and unlimited flags are listed side by side. */
function overallCode(
  statuses: DescriptorStatus[],
  limits: (MatchedLimit | undefined)[],
  isUnlimited: boolean[],
  isGlobalQuotaMode: boolean,
) {
  return overallCodeOf(descriptorDecisions(statuses, limits, isUnlimited), isGlobalQuotaMode);
}

const regular = testLimit(testRule());
const quota = testLimit(testRule({ quotaMode: true }));
const ok: DescriptorStatus = { code: 'OK', currentLimit: regular.rule, limitRemaining: 3 };
const over: DescriptorStatus = { code: 'OVER_LIMIT', currentLimit: regular.rule, limitRemaining: 0 };
const noLimit: DescriptorStatus = { code: 'OK', limitRemaining: 0 };
const unlimited: DescriptorStatus = { code: 'OK', limitRemaining: 4294967295 };

describe(overallCodeOf.name, () => {
  it('without quota: OVER_LIMIT when any descriptor is over, else OK', () => {
    assert.equal(
      overallCode([ok, over, ok], [regular, regular, regular], [false, false, false], false),
      'OVER_LIMIT',
    );
    assert.equal(overallCode([ok, noLimit], [regular, undefined], [false, false], false), 'OK');
  });

  it('two quota descriptors both over -> OVER_LIMIT', () => {
    assert.equal(overallCode([over, over], [quota, quota], [false, false], false), 'OVER_LIMIT');
  });

  it('two quota descriptors, one over -> OK', () => {
    assert.equal(overallCode([over, ok], [quota, quota], [false, false], false), 'OK');
  });

  it('regular over + quota ok -> OVER_LIMIT', () => {
    assert.equal(overallCode([over, ok], [regular, quota], [false, false], false), 'OVER_LIMIT');
  });

  it('regular ok + quota over -> OK', () => {
    assert.equal(overallCode([ok, over], [regular, quota], [false, false], false), 'OK');
    assert.equal(overallCode([ok, over, over], [regular, quota, quota], [false, false, false], false), 'OK');
  });

  it('without QUOTA_MODE a descriptor without limit is a non-quota (regular, OK) one', () => {
    assert.equal(overallCode([over, noLimit], [quota, undefined], [false, false], false), 'OK');
  });

  it('global QUOTA_MODE counts descriptors without limits as quota descriptors, as the reference does', () => {
    // An exhausted descriptor plus an unmatched one: the unmatched one is an OK quota descriptor.
    assert.equal(overallCode([over, noLimit], [regular, undefined], [false, false], true), 'OK');
    assert.equal(overallCode([over, noLimit], [regular, undefined], [false, false], false), 'OVER_LIMIT');
  });

  it('global QUOTA_MODE: every limited descriptor over -> OVER_LIMIT', () => {
    assert.equal(overallCode([over, over], [regular, regular], [false, false], true), 'OVER_LIMIT');
  });

  it('unlimited descriptors are excluded from all counts', () => {
    assert.equal(overallCode([over, unlimited], [quota, undefined], [false, true], false), 'OVER_LIMIT');
    assert.equal(overallCode([over, unlimited], [regular, undefined], [false, true], true), 'OVER_LIMIT');
    assert.equal(overallCode([unlimited], [undefined], [true], true), 'OK');
  });

  it('no quota descriptor at all (only no-limit ones) -> OK', () => {
    assert.equal(overallCode([noLimit, noLimit], [undefined, undefined], [false, false], false), 'OK');
  });
});

describe(isQuotaDescriptor.name, () => {
  it('quota when QUOTA_MODE is on (even without a limit) or the rule has quota_mode', () => {
    assert.equal(isQuotaDescriptor(undefined, true), true);
    assert.equal(isQuotaDescriptor(regular, true), true);
    assert.equal(isQuotaDescriptor(quota, false), true);
    assert.equal(isQuotaDescriptor(regular, false), false);
    assert.equal(isQuotaDescriptor(undefined, false), false);
  });
});
