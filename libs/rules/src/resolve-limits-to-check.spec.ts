import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchedLimit, RateLimitRule } from './model';
import { resolveLimitsToCheck } from './resolve-limits-to-check';
import { exampleSnapshot } from '../test/fixture-files';

function limit(name: string | undefined, replaces: string[] = [], unlimited = false): MatchedLimit {
  const rule = {
    name,
    replaces,
    unlimited,
    requestsPerUnit: 1,
    unit: 'SECOND',
    unitSeconds: 1,
  } as unknown as RateLimitRule;
  return { rule, statsKey: `d.${name}`, sharedValuePatterns: undefined, isOverride: false };
}

describe(resolveLimitsToCheck.name, () => {
  it('README example 7: the replacing limit counts, the replaced one is dropped', () => {
    const sut = exampleSnapshot();
    const specific = sut.findLimit('example7', {
      entries: [
        { key: 'key_1', value: 'value_1' },
        { key: 'user', value: 'bkthomps' },
      ],
    });
    const replacing = sut.findLimit('example7', {
      entries: [
        { key: 'key_2', value: 'value_2' },
        { key: 'user', value: 'bkthomps' },
      ],
    });
    assert.deepEqual(resolveLimitsToCheck([specific, replacing]), {
      limits: [undefined, replacing],
      isUnlimited: [false, false],
    });
    assert.deepEqual(resolveLimitsToCheck([specific]).limits, [specific]);
  });

  it('sets unlimited limits aside, keeping their replaces', () => {
    const unlimited = limit('u', ['a'], true);
    const a = limit('a');
    const b = limit('b');
    assert.deepEqual(resolveLimitsToCheck([unlimited, a, undefined, b]), {
      limits: [undefined, undefined, undefined, b],
      isUnlimited: [true, false, false, false],
    });
  });

  it('lets two limits knock each other out', () => {
    assert.deepEqual(resolveLimitsToCheck([limit('a', ['b']), limit('b', ['a'])]).limits, [
      undefined,
      undefined,
    ]);
  });

  it('never drops unnamed limits', () => {
    const unnamed = limit(undefined);
    assert.deepEqual(resolveLimitsToCheck([limit('x', ['y']), unnamed]).limits[1], unnamed);
  });
});
