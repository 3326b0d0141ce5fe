import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchedLimit } from '@repo/rules';
import { testLimit, testRule } from '../../test/support/rule-fixtures';
import { buildDynamicMetadata as buildOf } from './build-dynamic-metadata';
import { descriptorDecisions } from '../../test/support/descriptor-decisions';
import type { DescriptorStatus, RateLimitRequest } from '../rate-limit-types';

const buildDynamicMetadata = (
  request: RateLimitRequest,
  limits: (MatchedLimit | undefined)[],
  statuses: DescriptorStatus[],
  isUnlimited: boolean[],
) => buildOf(request, descriptorDecisions(statuses, limits, isUnlimited));

const withMetadata = (metadata: Record<string, unknown> | undefined): MatchedLimit =>
  testLimit(testRule({ metadata }));

const ok: DescriptorStatus = { code: 'OK', limitRemaining: 3 };
const over: DescriptorStatus = { code: 'OVER_LIMIT', limitRemaining: 0 };
const entries = (...pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));

describe(buildOf.name, () => {
  it('shape: domain and one struct per request descriptor with "key=value" entries', () => {
    const request: RateLimitRequest = {
      domain: 'rl',
      descriptors: [{ entries: entries(['a', '1'], ['b', '']) }, { entries: entries(['c', 'x=y']) }],
      hitsAddend: 0,
    };
    assert.deepEqual(buildDynamicMetadata(request, [undefined, undefined], [ok, ok], [false, false]), {
      domain: 'rl',
      descriptors: [{ entries: ['a=1', 'b='] }, { entries: ['c=x=y'] }],
    });
  });

  it('override as protobuf text, per-descriptor hitsAddend when the wrapper is set (0 too), request hitsAddend when non-zero', () => {
    const request: RateLimitRequest = {
      domain: 'rl',
      descriptors: [
        { entries: entries(['a', '1']), limit: { requestsPerUnit: 42, unit: 'HOUR' }, hitsAddend: 0 },
        { entries: entries(['b', '2']), hitsAddend: 7 },
      ],
      hitsAddend: 3,
    };
    assert.deepEqual(buildDynamicMetadata(request, [undefined, undefined], [ok, ok], [false, false]), {
      domain: 'rl',
      descriptors: [
        { entries: ['a=1'], limit: 'requests_per_unit:42 unit:HOUR', hitsAddend: 0 },
        { entries: ['b=2'], hitsAddend: 7 },
      ],
      hitsAddend: 3,
    });
  });

  it('protobuf text leaves out a zero requests_per_unit', () => {
    const request: RateLimitRequest = {
      domain: 'rl',
      descriptors: [{ entries: [], limit: { requestsPerUnit: 0, unit: 'SECOND' } }],
      hitsAddend: 0,
    };
    const { descriptors } = buildDynamicMetadata(request, [undefined], [ok], [false]);
    assert.deepEqual(descriptors, [{ entries: [], limit: 'unit:SECOND' }]);
  });

  it('metadata merges passed descriptors in request order: first writer wins, nested structs merged', () => {
    const first = withMetadata({ team: 'a', tags: ['x'], nested: { one: 1, shared: 'first' } });
    const second = withMetadata({
      team: 'b',
      tags: ['y'],
      extra: true,
      nested: { two: 2, shared: 'second' },
    });
    const request: RateLimitRequest = {
      domain: 'rl',
      descriptors: [{ entries: entries(['a', '1']) }, { entries: entries(['b', '2']) }],
      hitsAddend: 0,
    };
    assert.deepEqual(buildDynamicMetadata(request, [first, second], [ok, ok], [false, false]).metadata, {
      team: 'a',
      tags: ['x'],
      extra: true,
      nested: { one: 1, shared: 'first', two: 2 },
    });
    // The rules' own metadata objects are left untouched.
    assert.deepEqual(first.rule.metadata, { team: 'a', tags: ['x'], nested: { one: 1, shared: 'first' } });
  });

  it('only passed descriptors contribute: not OVER_LIMIT, not unlimited, with a limit', () => {
    const request: RateLimitRequest = {
      domain: 'rl',
      descriptors: [{ entries: [] }, { entries: [] }, { entries: [] }, { entries: [] }],
      hitsAddend: 0,
    };
    const limits = [
      withMetadata({ over: 1 }),
      withMetadata({ unlimited: 1 }),
      undefined,
      withMetadata({ ok: 1 }),
    ];
    const result = buildDynamicMetadata(request, limits, [over, ok, ok, ok], [false, true, false, false]);
    assert.deepEqual(result.metadata, { ok: 1 });
  });

  it('a shadow-rewritten status (OK) counts as passed', () => {
    const shadowOk: DescriptorStatus = { code: 'OK', limitRemaining: 0 };
    const request: RateLimitRequest = { domain: 'rl', descriptors: [{ entries: [] }], hitsAddend: 0 };
    const result = buildDynamicMetadata(request, [withMetadata({ s: 'yes' })], [shadowOk], [false]);
    assert.deepEqual(result.metadata, { s: 'yes' });
  });

  it('metadata is omitted when nothing was merged', () => {
    const request: RateLimitRequest = { domain: 'rl', descriptors: [{ entries: [] }], hitsAddend: 0 };
    const result = buildDynamicMetadata(request, [withMetadata({ a: 1 })], [over], [false]);
    assert.equal('metadata' in result, false);
    assert.equal('metadata' in buildDynamicMetadata(request, [withMetadata({})], [ok], [false]), false);
  });
});
