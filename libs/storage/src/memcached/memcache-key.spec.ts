import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidCounterKeyError } from '../invalid-counter-key-error';
import { assertValidMemcacheKey } from './memcache-key';

describe(assertValidMemcacheKey.name, () => {
  it('accepts up to 250 bytes', () => {
    assert.doesNotThrow(() => assertValidMemcacheKey('k'.repeat(250)));
    assert.doesNotThrow(() => assertValidMemcacheKey('domain_path_/a/b*_1234'));
  });

  it('rejects longer keys, counting bytes (not characters)', () => {
    assert.throws(() => assertValidMemcacheKey('é'.repeat(126)), {
      name: InvalidCounterKeyError.name,
      message: `invalid counter key "${'é'.repeat(126)}": memcache keys are at most 250 bytes, this one has 252`,
    });
  });

  it('rejects whitespace and control characters, naming the key', () => {
    assert.throws(() => assertValidMemcacheKey('d_k_a b_60'), {
      message:
        'invalid counter key "d_k_a b_60": memcache keys must not contain whitespace or control characters',
    });
    assert.throws(() => assertValidMemcacheKey('d_k_a\u0001_60'), InvalidCounterKeyError);
    assert.throws(() => assertValidMemcacheKey('d_k_a\u007f_60'), InvalidCounterKeyError);
    assert.throws(() => assertValidMemcacheKey('d_k_a\n_60'), InvalidCounterKeyError);
  });
});
