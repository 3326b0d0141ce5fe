// GET and HEAD: the query string.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addQueryParameters } from './add-query-parameters';
import { endpoint } from './index';

const urlOf = (route: string, options: Record<string, unknown> = {}) => endpoint(route, options).url;

describe(addQueryParameters.name, () => {
  describe('GET and HEAD: query string', () => {
    for (const [route, params, expected] of [
      ['get /x', { a: 1 }, '/x?a=1'],
      ['HEAD /x', { a: 1 }, '/x?a=1'],
      ['GET /x', {}, '/x'],
      ['GET /x#{?y}', { b: 1 }, '/x#?&b=1'],
      ['GET /x{?q}', { b: 1 }, '/x?&b=1'],
      ['GET /x', { 'a b': 1, é: 'é' }, '/x?a b=1&é=%C3%A9'],
      [
        'GET /x',
        { list: ['a', 'b'], obj: { a: 1 }, n: null, t: true, f: false, big: 12n },
        '/x?list=a%2Cb&obj=%5Bobject%20Object%5D&n=null&t=true&f=false&big=12',
      ],
      ['GET /x', { q: 'a+b c:d' }, '/x?q=a+b%20c%3Ad'],
      ['GET /x', { q: '+' }, '/x?q=+'],
      ['GET /x', { q: '' }, '/x?q='],
      ['GET /x', { data: 'd' }, '/x?data=d'],
      ['GET /x{?a}', { a: 1, b: 2 }, '/x?a=1&b=2'],
      ['GET /x{?a}', { b: 2 }, '/x?&b=2'],
      ['GET /x', { b: 1, 2: 'two', a: 1, 1: 'one' }, '/x?1=one&2=two&b=1&a=1'],
    ] as const) {
      it(`${route} with ${JSON.stringify(params, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))} -> ${expected}`, () => {
        assert.equal(urlOf(route, params), 'https://api.github.com' + expected);
      });
    }

    it('orders defaults keys first: defaults {z, a} + options {m, a} gives z=1&a=4&m=3', () => {
      assert.equal(
        endpoint.defaults({ z: 1, a: 2 })('GET /x', { m: 3, a: 4 }).url,
        'https://api.github.com/x?z=1&a=4&m=3',
      );
    });

    it('encodes a Date with its toString() text', () => {
      const date = new Date(0);
      assert.equal(
        urlOf('GET /x', { d: date }),
        'https://api.github.com/x?d=' + encodeURIComponent(date.toString()),
      );
    });

    it('throws a TypeError naming q for a q that is not a string (where the reference throws)', () => {
      for (const q of [1, ['a'], null]) {
        assert.throws(() => endpoint('GET /search', { q }), {
          name: 'TypeError',
          message: 'q must be a string',
        });
      }
      assert.throws(() => endpoint('HEAD /search', { q: 1 }), {
        name: 'TypeError',
        message: /^q must be a string$/,
      });
    });

    it('throws the URIError of encodeURIComponent for a lone surrogate', () => {
      assert.throws(() => endpoint('GET /x', { a: '\uD800' }), {
        name: 'URIError',
        message: 'URI malformed',
      });
      assert.throws(() => endpoint('GET /x', { q: '\uD800' }), {
        name: 'URIError',
        message: 'URI malformed',
      });
    });

    it('throws a TypeError for a value without a string form', () => {
      assert.throws(() => endpoint('GET /x', { a: Object.create(null) }), TypeError);
    });
  });
});
