import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { DIGEST_KEY_PREFIX } from '../digest-key';
import { toMemcacheKey } from './memcache-key';

const digestOf = (key: string) =>
  DIGEST_KEY_PREFIX + createHash('sha256').update(key, 'utf8').digest('base64url');
const isWireSafe = (key: string) => Buffer.byteLength(key) <= 250 && /^[\x21-\x7e]+$/.test(key);

describe(toMemcacheKey.name, () => {
  it('keeps printable ASCII keys of up to 250 bytes as they are', () => {
    assert.equal(toMemcacheKey('k'.repeat(250)), 'k'.repeat(250));
    assert.equal(toMemcacheKey('rl_foo_/a/b*?x=1&y=~!_1700000040'), 'rl_foo_/a/b*?x=1&y=~!_1700000040');
  });

  it('digests a key over 250 bytes: #sha256: + base64url SHA-256 of the whole key (51 bytes)', () => {
    const key = `api_path_/${'segment/'.repeat(40)}_1700000040`;
    assert.equal(toMemcacheKey(key), digestOf(key));
    assert.equal(toMemcacheKey(key).length, 51);
    assert.match(toMemcacheKey(key), /^#sha256:[A-Za-z0-9_-]{43}$/);
  });

  it('digests keys with a space, a tab, a newline, a control character or DEL', () => {
    for (const key of ['d_k_a b_60', 'd_k_a\tb_60', 'd_k_a\nb_60', 'd_k_a\u0001_60', 'd_k_a\u007f_60']) {
      assert.equal(toMemcacheKey(key), digestOf(key), JSON.stringify(key));
    }
  });

  it('digests non-ASCII keys from their UTF-8 bytes', () => {
    assert.equal(toMemcacheKey('d_user_café_60'), digestOf('d_user_café_60'));
    assert.equal(toMemcacheKey('d_user_ユーザー_60'), digestOf('d_user_ユーザー_60'));
    assert.equal(toMemcacheKey('d_emoji_😀_60'), digestOf('d_emoji_😀_60'));
  });

  it('digests the empty key and keys already in the digest form, so no value can collide with a digest', () => {
    assert.equal(toMemcacheKey(''), digestOf(''));
    const lookalike = toMemcacheKey('d_k_a b_60');
    assert.notEqual(toMemcacheKey(lookalike), lookalike);
    assert.equal(toMemcacheKey(lookalike), digestOf(lookalike));
  });

  it('is stable and keeps distinct keys distinct (windows and values)', () => {
    const long = (value: string, window: number) => `d_jwt_${value.repeat(300)}_${window}`;
    assert.equal(toMemcacheKey(long('a', 60)), toMemcacheKey(long('a', 60)));
    const keys = [long('a', 60), long('a', 120), long('b', 60), 'd_k_a b_60', 'd_k_a  b_60', 'd_k_ab_60'];
    assert.equal(new Set(keys.map(toMemcacheKey)).size, keys.length);
  });

  it('always gives a key memcached accepts', () => {
    const samples = ['x', 'é'.repeat(126), ' ', '\u0000', 'k'.repeat(251), 'a b'.repeat(100), '\ud800'];
    for (const key of samples) assert.ok(isWireSafe(toMemcacheKey(key)), JSON.stringify(key));
  });
});
