import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocument, type Alias } from 'yaml';
import { allowedAliasRatio, checkAliases, EXCESSIVE_ALIASING, isExcessiveAliasing } from './yaml-aliases';

function check(text: string) {
  return checkAliases(parseDocument(text, { version: '1.1' }));
}

describe(checkAliases.name, () => {
  it('resolves each alias to the last anchor of its name before it', () => {
    const { targets, excess } = check('a: &x 1\nb: *x\nc: &x 2\nd: *x\n');
    assert.equal(excess, undefined);
    assert.deepEqual(
      [...targets].map(([alias, node]) => [(alias as Alias).source, node?.toJSON()]),
      [
        ['x', 1],
        ['x', 2],
      ],
    );
  });

  it('counts merge keys as aliases: 2^12 merged maps are refused at the alias that passes the bound', () => {
    const lines = ['m0: &m0 {a: 1}'];
    for (let level = 1; level <= 12; level += 1)
      lines.push(`m${level}: &m${level} {<<: [*m${level - 1}, *m${level - 1}]}`);
    const text = `${lines.join('\n')}\n`;
    const { excess } = check(text);
    assert.equal(excess?.detail, EXCESSIVE_ALIASING);
    // the first alias of level 9 (2^9 merged maps of one pair): past yaml.v2's bound
    assert.equal(excess?.node.range?.[0], text.indexOf('m9: &m9 {<<: [') + 'm9: &m9 {<<: ['.length);
  });

  it('accepts up to 99 % of aliased nodes in a small document (yaml.v2 needs 100 aliased and 1,000 decoded)', () => {
    assert.equal(check('a: &a [1, 2, 3]\nb: [*a, *a, *a, *a, *a]\n').excess, undefined);
  });

  it('refuses an anchor that contains an alias of itself', () => {
    assert.equal(check('a: &x [1, [*x]]\n').excess?.detail, "yaml: anchor 'x' value contains itself");
  });

  it('an alias of an unknown anchor expands to nothing', () => {
    const { targets, excess } = check('a: *nowhere\n');
    assert.equal(excess, undefined);
    assert.equal([...targets.values()][0], undefined);
  });
});

describe(allowedAliasRatio.name, () => {
  it('is yaml.v2 allowedAliasRatio', () => {
    assert.equal(allowedAliasRatio(400_000), 0.99);
    assert.equal(allowedAliasRatio(2_200_000).toFixed(6), '0.545000');
    assert.equal(allowedAliasRatio(4_000_000), 0.1);
  });

  it('applies from 101 aliased and 1,001 decoded nodes', () => {
    assert.equal(isExcessiveAliasing(1001, 1000), true);
    assert.equal(isExcessiveAliasing(1000, 1000), false);
    assert.equal(isExcessiveAliasing(100_000, 100), false);
    assert.equal(isExcessiveAliasing(4_000_000, 400_001), true);
    assert.equal(isExcessiveAliasing(4_000_000, 400_000), false);
  });
});
