import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import { aliasBombYaml, largeRulesCount, largeRulesYaml, mergeKeyBombYaml } from './hostile-rules';

interface Descriptor {
  readonly key: string;
  readonly value?: string;
  readonly descriptors?: Descriptor[];
}
const countAll = (list: readonly Descriptor[]): number =>
  list.reduce((sum, descriptor) => sum + 1 + countAll(descriptor.descriptors ?? []), 0);

describe(aliasBombYaml.name, () => {
  it('expands to fanOut^N descriptors under level N (3 levels of 10: 1 + 11 + 111 + 1111)', () => {
    const config = parse(aliasBombYaml(3), { maxAliasCount: -1 }) as { descriptors: Descriptor[] };
    assert.equal(countAll(config.descriptors), 1234);
    assert.equal(aliasBombYaml().length, 509);
  });
});

describe(mergeKeyBombYaml.name, () => {
  it('merges the level below twice at each level', () => {
    const config = parse(mergeKeyBombYaml(2), { merge: true }) as { descriptors: object[] };
    assert.deepEqual(config.descriptors[2], { key: 'k', value: 'v2' });
  });
});

describe(largeRulesYaml.name, () => {
  it('writes distinct limited descriptors until the file is at least the size asked', () => {
    const text = largeRulesYaml(10_000, 'x');
    const config = parse(text) as { domain: string; descriptors: Descriptor[] };
    assert.equal(config.domain, 'x');
    assert.equal(config.descriptors.length, largeRulesCount(text));
    assert.ok(text.length >= 10_000 && text.length < 10_100, `${text.length} bytes`);
    assert.deepEqual(config.descriptors[7], {
      key: 'user',
      value: 'u7',
      rate_limit: { unit: 'minute', requests_per_unit: 8 },
    });
  });
});
