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
  return {
    rule,
    statsKey: `d.${name}`,
    ruleStatsKey: `d.${name}`,
    sharedValuePatterns: undefined,
    isOverride: false,
    items: undefined,
  };
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

  describe('items of a rate_limits list', () => {
    /** A list node whose items have these names and replaces. */
    function list(...items: [name: string | undefined, replaces?: string[]][]): MatchedLimit {
      const limits = items.map(([name, replaces]) => limit(name, replaces));
      const listItems = limits.map(({ rule }) => ({ rule, statsKey: `d.list.${rule.name}` }));
      return { ...limits[0], statsKey: 'd.list', items: listItems };
    }
    const names = (match: MatchedLimit | undefined) => match?.items?.map(({ rule }) => rule.name);

    it('drops a named item on its own; the first kept item becomes the rule', () => {
      const both = list(['burst'], ['daily']);
      const [kept, replacing] = resolveLimitsToCheck([both, limit('r', ['burst'])]).limits;
      assert.deepEqual(names(kept), ['daily']);
      assert.equal(kept?.rule.name, 'daily');
      assert.equal(kept?.statsKey, 'd.list');
      assert.ok(replacing);
      assert.deepEqual(names(both), ['burst', 'daily'], 'the match itself is not changed');
    });

    it('drops the node when every item is replaced, and keeps it untouched when none is', () => {
      const both = list(['burst'], ['daily']);
      assert.equal(resolveLimitsToCheck([both, limit('r', ['burst', 'daily'])]).limits[0], undefined);
      assert.equal(resolveLimitsToCheck([both, limit('r', ['other'])]).limits[0], both);
    });

    it("applies an item's own replaces as a rule's", () => {
      const replacing = list(['burst', ['specific']], [undefined]);
      const specific = limit('specific');
      assert.deepEqual(resolveLimitsToCheck([specific, replacing]).limits, [undefined, replacing]);
    });
  });
});
