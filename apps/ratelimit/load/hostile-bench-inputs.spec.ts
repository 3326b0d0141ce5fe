import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'yaml';
import {
  aliasBombYaml,
  bigDescriptorValue,
  bigRulesYaml,
  HITS_ADDEND_MAX,
  invalidUtf8RlsMessage,
  mergeKeyBombYaml,
  truncatedRlsMessage,
} from './hostile-bench-inputs';

interface Descriptor {
  readonly key: string;
  readonly value?: string;
  readonly descriptors?: Descriptor[];
}
const countAll = (list: readonly Descriptor[]): number =>
  list.reduce((sum, descriptor) => sum + 1 + countAll(descriptor.descriptors ?? []), 0);

describe(aliasBombYaml.name, () => {
  it('defines level 0 as one limited descriptor and level N as 10 aliases of level N-1', () => {
    assert.equal(
      aliasBombYaml('x', 2),
      [
        'domain: x',
        'descriptors:',
        '  - &d0 {key: k0, rate_limit: {unit: second, requests_per_unit: 1}}',
        '  - &d1 {key: k1, descriptors: [*d0, *d0, *d0, *d0, *d0, *d0, *d0, *d0, *d0, *d0]}',
        '  - &d2 {key: k2, descriptors: [*d1, *d1, *d1, *d1, *d1, *d1, *d1, *d1, *d1, *d1]}',
        '',
      ].join('\n'),
    );
  });

  it('expands to 10^N descriptors under level N (3 levels: 1 + 11 + 111 + 1111)', () => {
    const config = parse(aliasBombYaml('x', 3), { maxAliasCount: -1 }) as { descriptors: Descriptor[] };
    assert.equal(countAll(config.descriptors), 1234);
    assert.equal(aliasBombYaml('x', 5).length, 506);
  });
});

describe(mergeKeyBombYaml.name, () => {
  it('merges the level below twice at each level; every level is a limited descriptor', () => {
    const text = mergeKeyBombYaml('x', 2);
    assert.equal(
      text,
      [
        'domain: x',
        'descriptors:',
        '  - &m0 {key: k, value: v0, rate_limit: {unit: second, requests_per_unit: 1}}',
        '  - &m1 {<<: [*m0, *m0], value: v1}',
        '  - &m2 {<<: [*m1, *m1], value: v2}',
        '',
      ].join('\n'),
    );
    const config = parse(text, { merge: true }) as { descriptors: object[] };
    const limit = { unit: 'second', requests_per_unit: 1 };
    assert.deepEqual(config.descriptors[2], { key: 'k', value: 'v2', rate_limit: limit });
  });
});

describe(bigRulesYaml.name, () => {
  it('writes distinct limited descriptors until the file is at least the size asked', () => {
    const text = bigRulesYaml('x', 10_000);
    const config = parse(text) as { domain: string; descriptors: Descriptor[] };
    assert.equal(config.domain, 'x');
    assert.equal(config.descriptors.length, 53);
    assert.equal(text.length, 10_056);
    assert.deepEqual(config.descriptors[52], {
      key: 'client_52',
      value: 'value_52',
      rate_limit: { unit: 'minute', requests_per_unit: 53 },
      descriptors: [{ key: 'path', rate_limit: { unit: 'second', requests_per_unit: 54 } }],
    });
  });
});

describe(bigDescriptorValue.name, () => {
  it('is exactly the size asked and distinct per n', () => {
    assert.equal(bigDescriptorValue(7, 12), 'vvvvvvvvvv-7');
    assert.equal(bigDescriptorValue(12345, 1_300_000).length, 1_300_000);
    assert.notEqual(bigDescriptorValue(1, 100), bigDescriptorValue(2, 100));
  });
});

describe('malformed ShouldRateLimit messages', () => {
  it('truncated: field 1 announces 127 bytes, one follows', () => {
    assert.equal(truncatedRlsMessage().toString('hex'), '0a7f61');
  });

  it('invalid UTF-8: domain, one descriptor, one entry whose value is ff fe 61', () => {
    assert.equal(
      invalidUtf8RlsMessage('bench', 'client_id').toString('hex'),
      '0a0562656e6368' + '1212' + '0a10' + '0a09636c69656e745f6964' + '1203fffe61',
    );
  });
});

describe('HITS_ADDEND_MAX', () => {
  it('is 2^53 - 1: 1,024 increments fit in a Redis counter (2^63 - 1), the 1,025th does not', () => {
    const redisMax = 2n ** 63n - 1n;
    assert.equal(HITS_ADDEND_MAX, 2 ** 53 - 1);
    assert.ok(1024n * BigInt(HITS_ADDEND_MAX) <= redisMax);
    assert.ok(1025n * BigInt(HITS_ADDEND_MAX) > redisMax);
  });
});
