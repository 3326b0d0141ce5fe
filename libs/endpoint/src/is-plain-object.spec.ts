// Upstream test/is-plaint-object.test.ts, plus the other values the deep merge meets.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { isPlainObject } from './is-plain-object';

class Foo {
  x = 1;
}

describe(isPlainObject.name, () => {
  for (const [title, value, expected] of [
    ['NaN', NaN, false],
    ['[1, 2, 3]', [1, 2, 3], false],
    ['null', null, false],
    ['{x: 0, y: 0}', { x: 0, y: 0 }, true],
    ['Object.create(null)', Object.create(null), true],
    ['Object.create(new Foo())', Object.create(new Foo()), false],
    ['Object.create(new Date())', Object.create(new Date()), false],
    ['new Foo()', new Foo(), false],
    ['Object.create({})', Object.create({}), false],
    ['an object with Symbol.toStringTag', { [Symbol.toStringTag]: 'X' }, false],
    ['an object from another realm', runInNewContext('({ a: 1 })'), true],
    ['a prototype with a non-function constructor', Object.create({ constructor: 1 }), false],
    ['a function', () => 1, false],
    ['a string', 'x', false],
  ] as const) {
    it(`${title}: ${expected ? 'yes' : 'no'}`, () => {
      assert.equal(isPlainObject(value), expected);
    });
  }
});
