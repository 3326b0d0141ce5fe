import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildCacheKey, previousWindowKey } from './build-cache-key';

const entry = [{ key: 'key', value: 'value' }];

describe(buildCacheKey.name, () => {
  it('uses the window start of each unit (the reference test examples)', () => {
    assert.equal(buildCacheKey('', 'domain', entry, undefined, 1, 1234), 'domain_key_value_1234');
    assert.equal(buildCacheKey('', 'domain', entry, undefined, 60, 1234), 'domain_key_value_1200');
    assert.equal(buildCacheKey('', 'domain', entry, undefined, 3600, 1000000), 'domain_key_value_997200');
    assert.equal(buildCacheKey('', 'domain', entry, undefined, 86400, 1000000), 'domain_key_value_950400');
  });

  it('puts the prefix verbatim in front', () => {
    assert.equal(
      buildCacheKey('prefix:', 'domain', entry, undefined, 1, 1234),
      'prefix:domain_key_value_1234',
    );
  });

  it('writes every entry as key_value_ and an empty value as key__', () => {
    const entries = [
      { key: 'k1', value: 'v1' },
      { key: 'k2', value: '' },
    ];
    assert.equal(buildCacheKey('', 'd', entries, undefined, 60, 120), 'd_k1_v1_k2__120');
  });

  it('replaces a shared (share_threshold) value by its pattern', () => {
    const files = [{ key: 'files', value: 'files/a.txt' }];
    assert.equal(buildCacheKey('', 'domain', files, ['files/*'], 1, 1234), 'domain_files_files/*_1234');
    const nested = [
      { key: 'files', value: 'top/x' },
      { key: 'files', value: 'nested/y' },
    ];
    assert.equal(
      buildCacheKey('', 'domain', nested, ['top/*', 'nested/*'], 1, 1234),
      'domain_files_top/*_files_nested/*_1234',
    );
    assert.equal(
      buildCacheKey('', 'domain', nested, [undefined, 'nested/*'], 1, 1234),
      'domain_files_top/x_files_nested/*_1234',
    );
  });

  it('handles a fractional now by flooring to the window', () => {
    assert.equal(buildCacheKey('', 'd', entry, undefined, 60, 1259.9), 'd_key_value_1200');
  });
});

describe(previousWindowKey.name, () => {
  it('moves the trailing window start one window back (the key buildCacheKey gives a window earlier)', () => {
    const entries = [{ key: 'user', value: 'a_b_120' }];
    const now = buildCacheKey('p_', 'd', entries, undefined, 60, 1_764_000_050);
    const before = buildCacheKey('p_', 'd', entries, undefined, 60, 1_764_000_050 - 60);
    assert.equal(now, 'p_d_user_a_b_120_1764000000');
    assert.equal(previousWindowKey(now, 60), before);
    assert.equal(previousWindowKey('d_k_v_300', 300), 'd_k_v_0');
  });
});
