import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WildcardPattern } from './wildcard';

describe(WildcardPattern.name, () => {
  const cases: [pattern: string, text: string, expected: boolean][] = [
    ['key_foo*', 'key_foo', true],
    ['key_foo*', 'key_foobar', true],
    ['key_foo*', 'key_fo', false],
    ['key_foo*', 'key_bar', false],
    ['key_bar*b', 'key_barab', true],
    ['key_bar*b', 'key_barb', true],
    ['key_bar*b', 'key_bar', false],
    ['key_bar*b', 'key_barba', false],
    ['key_a*b*c', 'key_abc', true],
    ['key_a*b*c', 'key_aXXbYYc', true],
    ['key_a*b*c', 'key_acb', false],
    ['key_*', 'key_', true],
    ['key_*/orders', 'key_/api/v1/orders', true],
    ['key_*/orders', 'key_/api/v1/orders/1', false],
    ['key_a**b', 'key_ab', true],
    ['key_ab*ba', 'key_aba', false], // prefix and suffix may not overlap
    ['key_plain', 'key_plain', true],
    ['key_plain', 'key_plainer', false],
  ];
  for (const [pattern, text, expected] of cases) {
    it(`${pattern} ${expected ? 'matches' : 'does not match'} ${text}`, () => {
      const sut = new WildcardPattern(pattern);
      assert.equal(sut.matches(text), expected);
    });
  }

  it('recognises wildcard text by its `*`', () => {
    assert.equal(WildcardPattern.isWildcard('key_value*'), true);
    assert.equal(WildcardPattern.isWildcard('key_value'), false);
  });
});
