// Deep merge of merge(), seen through endpoint.merge and defaults().
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { endpoint } from './index';
import { mergeDeep } from './merge-deep';

const sut = endpoint.merge;

class Foo {
  x = 1;
}

describe(mergeDeep.name, () => {
  describe('deep merge', () => {
    it('merges plain objects recursively', () => {
      const chain = endpoint.defaults({ request: { a: 1, nested: { x: 1 } } });
      assert.deepEqual(chain.merge({ request: { b: 2, nested: { y: 2 } } }).request, {
        a: 1,
        nested: { x: 1, y: 2 },
        b: 2,
      });
    });

    it('a string default merged with an object gives a char-index object', () => {
      const chain = endpoint.defaults({ thing: 'str' });
      assert.deepEqual(chain.merge({ thing: { a: 1 } }).thing, { 0: 's', 1: 't', 2: 'r', a: 1 });
    });

    it('an array default merged with an object gives an index object', () => {
      const chain = endpoint.defaults({ thing: [1, 2] });
      assert.deepEqual(chain.merge({ thing: { a: 1 } }).thing, { 0: 1, 1: 2, a: 1 });
    });

    it('a string default merged with a nested plain object throws a TypeError', () => {
      const chain = endpoint.defaults({ thing: 'str' });
      assert.throws(() => chain.merge({ thing: { a: { b: 1 } } }), {
        name: 'TypeError',
        message: /^default of a must be an object$/,
      });
    });

    it('a null default is replaced by a flat option object and throws with a nested one', () => {
      const chain = endpoint.defaults({ thing: null });
      assert.deepEqual(chain.merge({ thing: { a: 1 } }).thing, { a: 1 });
      assert.throws(() => chain.merge({ thing: { a: { b: 1 } } }), {
        name: 'TypeError',
        message: /^default of a must be an object$/,
      });
    });

    it('an inherited key counts as present (in operator)', () => {
      const merged = sut({ toString: { a: 1 } });
      assert.deepEqual(merged.toString, { a: 1 });
    });

    it('a plain object without a default is stored by reference', () => {
      const extra = { a: 1 };
      assert.equal(sut({ extra }).extra, extra);
    });

    it('arrays are replaced, never concatenated, and kept by reference', () => {
      const chain = endpoint.defaults({ list: [1, 2] });
      const list = [3];
      assert.equal(chain.merge({ list }).list, list);
    });

    it('class instances, Dates and functions overwrite', () => {
      class Foo {
        a = 1;
      }
      const chain = endpoint.defaults({ request: { a: 0 } });
      const foo = new Foo();
      assert.equal(chain.merge({ request: foo as unknown as Record<string, unknown> }).request, foo);
      const date = new Date(0);
      assert.equal(chain.merge({ request: date as unknown as Record<string, unknown> }).request, date);
    });

    it('a null-prototype object is plain and merged', () => {
      const chain = endpoint.defaults({ request: { a: 0 } });
      const options = Object.assign(Object.create(null), { b: 1 });
      assert.deepEqual(chain.merge({ request: options }).request, { a: 0, b: 1 });
    });

    it('request is a new object when the defaults have one, else the caller object', () => {
      const request = { timeout: 1 };
      assert.equal(sut({ request }).request, request);
      const merged = endpoint.defaults({ request: { retries: 1 } }).merge({ request });
      assert.notEqual(merged.request, request);
      assert.deepEqual(merged.request, { retries: 1, timeout: 1 });
    });
  });
  // Upstream test/is-plaint-object.test.ts, plus the other values the deep merge meets: a plain
  // object under a key the defaults hold is merged into a new object, anything else is stored as given.
  describe('which values are plain objects', () => {
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
      it(`${title}: ${expected ? 'merged' : 'stored as given'}`, () => {
        const merged = mergeDeep({ a: { d: 1 } }, { a: value }).a;
        assert.equal(Object.is(merged, value), !expected);
        if (expected) assert.equal((merged as { d: number }).d, 1);
      });
    }
  });
});
