// RFC 6570 expansion with the reference's deviations.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expandTemplate } from './expand-template';
import { getCompiledTemplate } from './template-cache';

const sut = (template: string, parameters: Record<string, unknown> = {}) =>
  expandTemplate(getCompiledTemplate(template), parameters);

type Case = readonly [template: string, parameters: Record<string, unknown>, expected: string];

const show = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'bigint' ? `${v}n` : v === undefined ? '<undefined>' : v,
  );

function table(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const [template, parameters, expected] of cases) {
      it(`${template} with ${show(parameters)} -> ${expected}`, () => {
        assert.equal(sut(template, parameters), expected);
      });
    }
  });
}

describe(expandTemplate.name, () => {
  table('braces that are not an expression are copied through', [
    ['/a{b', {}, '/a{b'],
    ['/a}b{}', {}, '/a}b{}'],
    ['/{{a}}', { a: 'v' }, '/{v}'],
  ]);

  table('literal runs: encodeURI with [ ] and %XX kept', [
    ['/a b', {}, '/a%20b'],
    ['/é', {}, '/%C3%A9'],
    ['/|^\\"<>`', {}, '/%7C%5E%5C%22%3C%3E%60'],
    ['/?#&=/:;,+$@!', {}, '/?#&=/:;,+$@!'],
    ['/[x]', {}, '/[x]'],
    ['/%41%zz', {}, '/%41%25zz'],
    ['/a%', {}, '/a%25'],
    // a % + one hex digit between triples leaves that stretch unencoded (reference quirk)
    ['/x%ag y', {}, '/x%ag y'],
  ]);

  table('the operator table', [
    ['{v}', { v: 'a/b c', w: 'x' }, 'a%2Fb%20c'],
    ['{v,w}', { v: 'a', w: 'b' }, 'a,b'],
    ['{+v,w}', { v: 'a/b c', w: 'x' }, 'a/b%20c,x'],
    ['{#v,w}', { v: 'a/b', w: 'x' }, '#a/b,x'],
    ['{.v,w}', { v: 'a', w: 'b/c' }, '.a.b%2Fc'],
    ['{/v,w}', { v: 'a', w: 'b/c' }, '/a/b%2Fc'],
    ['{;v,w}', { v: 'a', w: 'b' }, ';v=a;w=b'],
    ['{?v,w}', { v: 'a', w: 'b c' }, '?v=a&w=b%20c'],
    ['{&v,w}', { v: 'a', w: 'b' }, '&v=a&w=b'],
    ['{v}', { v: "!'()*" }, '%21%27%28%29%2A'],
    ['{+v}', { v: "!'()*[]%20%" }, "!'()*[]%20%25"],
    ['{?a.b,c-d}', { 'a.b': '1', 'c-d': '' }, '?a.b=1&c-d='],
  ]);

  table('other characters are part of the name, not operators', [
    ['{=a}', { a: 'v', '=a': 'w' }, 'w'],
    ['{@a}', { a: 'v' }, ''],
    ['{!a}', { a: 'v' }, ''],
    ['{|a}', { a: 'v' }, ''],
    ['{,a}', { a: 'v' }, ',v'],
  ]);

  table('the operator is written even when every variable is missing', [
    ['/x{?q}', {}, '/x?'],
    ['/x{?a,b}', { b: 2 }, '/x?&b=2'],
    ['{/a,b}', { b: 'bv' }, '//bv'],
    ['/x{;a}', { a: null }, '/x;'],
    ['/x{#a}', {}, '/x#'],
  ]);

  table('scalars', [
    ['{a}', { a: 12 }, '12'],
    ['{a}', { a: 12n }, '12'],
    ['{a}', { a: true }, 'true'],
    ['{a}', { a: false }, 'false'],
    ['{a:3}', { a: 'abcdef' }, 'abc'],
    ['{a:3}', { a: 123456 }, '123'],
    ['{a:0}', { a: 'abc' }, ''],
    ['{?a:2}', { a: 'abc' }, '?a=ab'],
    ['{a:3x}', { a: 'abcdef' }, 'abc'],
    ['{a:x}', { a: 'abcdef' }, 'abcdef'],
    ['{a*x}', { a: 'abc' }, 'abc'],
    ['{a:99999999999999999999}', { a: 'abc' }, 'abc'],
  ]);

  table('undefined and null give nothing', [
    ['/x/{a}', { a: undefined }, '/x'],
    ['{?a}', { a: null }, '?'],
    ['{;a}', { a: undefined }, ';'],
  ]);

  table('the empty string', [
    ['{;a}', { a: '' }, ';a'],
    ['{?a}', { a: '' }, '?a='],
    ['{&a}', { a: '' }, '&a='],
    ['{.a}', { a: '' }, '.'],
    ['/x{/a}', { a: '' }, '/x'],
    ['{a}', { a: '' }, ''],
    ['{+a}', { a: '' }, ''],
  ]);

  table('arrays', [
    ['{a}', { a: ['x', null, undefined, 'y z'] }, 'x,y%20z'],
    ['{?a}', { a: ['x', 'y'] }, '?a=x,y'],
    ['{?a}', { a: [] }, '?a='],
    ['/x/{a}', { a: [] }, '/x'],
    ['{a}', { a: [[1, 2], [3]] }, '1%2C2,3'],
    ['{?list*}', { list: ['a', 'b'] }, '?list=a,list=b'],
    ['{/list*}', { list: ['a', 'b'] }, '/a,b'],
    ['{/list*}', { list: ['a', null, undefined, 'b'] }, '/a,b'],
    ['{.list*}', { list: ['a', 'b'] }, '.a,b'],
    ['{;list*}', { list: ['a', 'b'] }, ';list=a,list=b'],
    ['{+list*}', { list: ['a/b', 'c'] }, 'a/b,c'],
    ['{list:2}', { list: ['abc', 'def'] }, 'abc,def'],
  ]);

  table('objects', [
    ['{?keys}', { keys: { a: 1, b: 'x y', c: null, d: undefined } }, '?keys=a,1,b,x%20y'],
    ['{keys}', { keys: { a: 1, b: 'x y' } }, 'a,1,b,x%20y'],
    ['{+keys}', { keys: { a: 1, 'b c': 'x/y' } }, 'a,1,b%20c,x/y'],
    ['{?keys*}', { keys: { a: 1, b: 'x y' } }, '?a=1,b=x%20y'],
    ['{/keys*}', { keys: { a: 1, b: 'x y', c: null } }, '/a=1,b=x%20y'],
    ['{#keys*}', { keys: { a: 'x/y' } }, '#a=x/y'],
    ['{?e}', { e: new Date(0) }, '?e='],
    ['/x/{e}', { e: new Date(0) }, '/x'],
    ['{?keys}', { keys: {} }, '?keys='],
  ]);

  table('empty names', [
    ['{?}', { '': 'v' }, '?v'],
    ['{?*}', { '': ['a', 'b'] }, '?a,b'],
    ['{?}', { '': ['a'] }, '?=a'],
    ['{x*}', { x: { '': 'v', k: 'w' } }, 'v,k=w'],
  ]);

  table('the trailing slash', [
    ['/x/', {}, '/x'],
    ['/x//', {}, '/x/'],
    ['/', {}, '/'],
    ['', {}, ''],
    ['/{ref}', { ref: 'heads/' }, '/heads%2F'],
    ['/{+ref}', { ref: 'heads/' }, '/heads'],
    ['/{+ref}', { ref: '/' }, '/'],
  ]);

  table('reserved option keys never have a value', [
    ['{method}{url}{baseUrl}{headers}{request}{mediaType}', { method: 'GET', url: '/x' }, ''],
  ]);

  describe('errors', () => {
    it('throws a TypeError for a number item under + (array)', () => {
      assert.throws(() => sut('{+list}', { list: ['a', 1] }), {
        name: 'TypeError',
        message: /^\{\+list\} item must be a string$/,
      });
    });

    it('throws a TypeError for a number item under # with explode (array and object)', () => {
      const error = (name: string) => ({ name: 'TypeError', message: `${name} item must be a string` });
      assert.throws(() => sut('{#list*}', { list: [1] }), error('{#list}'));
      assert.throws(() => sut('{#keys*}', { keys: { a: 1 } }), error('{#keys}'));
      assert.throws(() => sut('{+list}', { list: [['a']] }), error('{+list}'));
      assert.throws(() => sut('{+list}', { list: [{}] }), error('{+list}'));
      assert.throws(() => sut('{+list*}', { list: [true] }), error('{+list}'));
    });

    it('throws a TypeError for an object value without toString (no explode)', () => {
      assert.throws(() => sut('{keys}', { keys: { a: Object.create(null) } }), TypeError);
    });

    it('throws a URIError for a lone surrogate in a literal, a value, or one made by :N', () => {
      assert.throws(() => sut('/\uD800{a}', { a: 'x' }), { name: 'URIError' });
      assert.throws(() => sut('/{a}', { a: '\uDC00' }), { name: 'URIError' });
      assert.throws(() => sut('/{a:1}', { a: '😀' }), { name: 'URIError' });
      assert.throws(() => sut('/{?\uD800}', { '\uD800': '' }), { name: 'URIError' });
    });

    it('does not throw for a lone surrogate name whose value is missing', () => {
      assert.equal(sut('/x{?\uD800}', {}), '/x?');
    });
  });
});
