import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testRule } from '../../../test/support/rule-fixtures';
import type { RateLimitDecision } from '../../rate-limit-types';
import { decisionToJson } from './decision-to-json';

const ok = (
  statuses: RateLimitDecision['statuses'],
  extra: Partial<RateLimitDecision> = {},
): RateLimitDecision => ({
  overallCode: 'OK',
  statuses,
  responseHeadersToAdd: [],
  ...extra,
});

describe(decisionToJson.name, () => {
  it('a bare no-limit status: {"overallCode":"OK","statuses":[{"code":"OK"}]}', () => {
    assert.equal(
      decisionToJson(ok([{ code: 'OK', limitRemaining: 0 }])),
      '{"overallCode":"OK","statuses":[{"code":"OK"}]}',
    );
  });

  it('currentLimit {requestsPerUnit, unit, name?}, limitRemaining, durationUntilReset as "58s"', () => {
    const json = decisionToJson(
      ok([
        {
          code: 'OK',
          currentLimit: testRule({ requestsPerUnit: 10, unit: 'MINUTE', name: 'per_user' }),
          limitRemaining: 7,
          durationUntilResetSeconds: 58,
        },
      ]),
    );
    assert.deepEqual(JSON.parse(json), {
      overallCode: 'OK',
      statuses: [
        {
          code: 'OK',
          currentLimit: { requestsPerUnit: 10, unit: 'MINUTE', name: 'per_user' },
          limitRemaining: 7,
          durationUntilReset: '58s',
        },
      ],
    });
  });

  it('zero values omitted: limitRemaining 0, requestsPerUnit 0, no name', () => {
    const json = decisionToJson({
      overallCode: 'OVER_LIMIT',
      statuses: [
        {
          code: 'OVER_LIMIT',
          currentLimit: testRule({ requestsPerUnit: 0, unit: 'WEEK' }),
          limitRemaining: 0,
          durationUntilResetSeconds: 1,
        },
      ],
      responseHeadersToAdd: [],
    });
    assert.deepEqual(JSON.parse(json), {
      overallCode: 'OVER_LIMIT',
      statuses: [{ code: 'OVER_LIMIT', currentLimit: { unit: 'WEEK' }, durationUntilReset: '1s' }],
    });
  });

  it('responseHeadersToAdd as [{key, value}] and dynamicMetadata as a plain JSON object', () => {
    const json = decisionToJson(
      ok([{ code: 'OK', limitRemaining: 4294967295 }], {
        responseHeadersToAdd: [
          { key: 'RateLimit-Limit', value: '10' },
          { key: 'RateLimit-Remaining', value: '0' },
        ],
        dynamicMetadata: { domain: 'rl', descriptors: [{ entries: ['k=v'] }] },
      }),
    );
    assert.deepEqual(JSON.parse(json), {
      overallCode: 'OK',
      statuses: [{ code: 'OK', limitRemaining: 4294967295 }],
      responseHeadersToAdd: [
        { key: 'RateLimit-Limit', value: '10' },
        { key: 'RateLimit-Remaining', value: '0' },
      ],
      dynamicMetadata: { domain: 'rl', descriptors: [{ entries: ['k=v'] }] },
    });
  });

  it('an empty header value is a zero value too', () => {
    const json = decisionToJson(ok([], { responseHeadersToAdd: [{ key: 'X', value: '' }] }));
    assert.deepEqual(JSON.parse(json).responseHeadersToAdd, [{ key: 'X' }]);
  });
});
