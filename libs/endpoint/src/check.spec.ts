import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from './check';

describe(check.name, () => {
  it('returns strings and String objects (both have string methods)', () => {
    const boxed = new String('b');
    assert.equal(check('a', 'x'), 'a');
    assert.equal(check(boxed, 'x'), boxed);
  });

  it('throws `<name> must be a string` for anything else', () => {
    for (const value of [undefined, null, 1, ['a'], {}]) {
      assert.throws(() => check(value, 'x'), { name: 'TypeError', message: 'x must be a string' });
    }
  });

  it('takes what the value must be and the test', () => {
    assert.deepEqual(check({}, 'o', 'an object', true), {});
    assert.throws(() => check(null, 'o', 'an object', false), {
      name: 'TypeError',
      message: 'o must be an object',
    });
  });
});
