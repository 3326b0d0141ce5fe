import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { boundKeyLength, DIGEST_KEY_PREFIX, digestKey } from './digest-key';

const sha256 = (key: string) => createHash('sha256').update(key, 'utf8').digest('base64url');

describe(digestKey.name, () => {
  it('is #sha256: + the base64url SHA-256 of the UTF-8 key: 51 characters', () => {
    assert.equal(digestKey('d_k_v_60'), DIGEST_KEY_PREFIX + sha256('d_k_v_60'));
    assert.equal(digestKey('x'.repeat(1_300_000)).length, 51);
    assert.equal(digestKey('d_user_ユーザー_60'), DIGEST_KEY_PREFIX + sha256('d_user_ユーザー_60'));
  });
});

describe(boundKeyLength.name, () => {
  it('keeps keys of up to maxLength characters as they are', () => {
    assert.equal(boundKeyLength('k'.repeat(250), 250), 'k'.repeat(250));
    assert.equal(boundKeyLength('d_user_€_60', 250), 'd_user_€_60');
    assert.equal(boundKeyLength('', 250), '');
  });

  it('digests longer keys and keys in the digest form, so no kept key equals a digest', () => {
    assert.equal(boundKeyLength('k'.repeat(251), 250), digestKey('k'.repeat(251)));
    const digest = digestKey('k'.repeat(251));
    assert.equal(boundKeyLength(digest, 250), digestKey(digest));
    assert.notEqual(boundKeyLength(digest, 250), digest);
  });

  it('keeps long keys that differ anywhere distinct', () => {
    const long = 'v'.repeat(1_300_000);
    const keys = [`d_k_${long}_60`, `d_k_${long}_120`, `d_k_${long}x_60`, `d_j_${long}_60`];
    assert.equal(new Set(keys.map((key) => boundKeyLength(key, 250))).size, 4);
  });
});
