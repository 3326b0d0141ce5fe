// Upstream test/parse.test.ts, and the rules of parse(): method, url, headers, parameters, base url,
// result, what throws and other small facts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint } from './index';
import { parse } from './parse';
import type { MergedOptions } from './types';

const ACCEPT = 'application/vnd.github.v3+json';
const base = {
  method: 'GET',
  baseUrl: 'https://example.com',
  headers: { accept: ACCEPT },
  mediaType: { format: '' },
};
const sut = parse;
const urlOf = (route: string, options: Record<string, unknown> = {}) => endpoint(route, options).url;
const nullObject = (values: Record<string, unknown>) => Object.assign(Object.create(null), values);

describe(parse.name, () => {
  describe('upstream parse tests', () => {
    it('is a function', () => {
      assert.equal(typeof endpoint.parse, 'function');
      assert.equal(endpoint.parse, sut);
    });

    it('README example: endpoint(x) equals parse(merge(x))', () => {
      const input = {
        method: 'GET',
        url: '/orgs/{org}/repos',
        headers: { authorization: 'token 1' },
        org: 'o',
        type: 'private',
      };
      assert.deepEqual(endpoint(input), sut(endpoint.merge(input)));
    });

    it('defaults the url to /', () => {
      assert.equal(sut(base as MergedOptions).url, 'https://example.com/');
    });

    it('does not alter input options', () => {
      const input = {
        ...base,
        url: '/graphql',
        headers: { accept: 'application/vnd.foo-preview' },
        mediaType: { format: 'raw', previews: ['x'] },
      };
      sut(input);
      assert.equal(input.headers.accept, 'application/vnd.foo-preview');
    });

    it('ReDoS attack string #1 (accept) finishes quickly', () => {
      const started = Date.now();
      const accept = 'A'.repeat(100_000) + '-';
      const result = sut({
        ...base,
        method: 'POST',
        url: '/graphql',
        headers: { accept },
        mediaType: { format: 'raw', previews: ['x'] },
      });
      assert.ok(Date.now() - started <= 2000);
      assert.equal(result.headers.accept, 'application/vnd.github.x-preview.raw');
    });

    it('ReDoS attack string #2 (url of braces) finishes quickly and keeps the braces', () => {
      const started = Date.now();
      const url = '{'.repeat(100_000) + '@';
      const result = endpoint({ method: 'GET', url });
      assert.ok(Date.now() - started <= 2000);
      assert.equal(result.url, 'https://api.github.com' + url);
    });

    it('ReDoS attack string #3 (NUL expression) finishes quickly', () => {
      const started = Date.now();
      const result = endpoint({ method: 'GET', url: '{00' + '\u0000'.repeat(100_000) + 'a!a}' });
      assert.ok(Date.now() - started <= 2000);
      assert.equal(result.url, 'https://api.github.com');
    });
  });

  describe('method', () => {
    it('is uppercased for the rules and returned lowercase (our one intended difference)', () => {
      assert.equal(sut({ ...base, method: 'get' }).method, 'get');
      assert.equal(sut({ ...base, method: 'Patch' }).method, 'patch');
    });

    it('passes unknown methods through', () => {
      assert.equal(sut({ ...base, method: 'FOO' }).method, 'foo');
      assert.equal(sut({ ...base, method: 'OPTIONS' }).method, 'options');
    });

    it('throws a TypeError for a missing or non-string method', () => {
      const error = { name: 'TypeError', message: /^method must be a string$/ };
      assert.throws(() => sut({ ...base, method: undefined } as never), error);
      assert.throws(() => sut({ ...base, method: 1 } as never), error);
      assert.throws(() => endpoint('/', { method: null } as never), error);
    });

    it('throws a TypeError naming mediaType when parse() gets none (unless the request is binary)', () => {
      const error = { name: 'TypeError', message: /^mediaType must be an object$/ };
      assert.throws(() => sut({ ...base, mediaType: undefined } as never), error);
      const binary = { ...base, headers: { accept: 'application/octet-stream' }, mediaType: undefined };
      assert.equal(sut(binary as never).headers.accept, 'application/octet-stream');
    });
  });

  describe('url and colon placeholders', () => {
    it('uses / for a missing or empty url', () => {
      assert.equal(sut({ ...base, url: '' }).url, 'https://example.com/');
    });

    it('throws a TypeError for a url that is not a string', () => {
      assert.throws(() => sut({ ...base, url: 5 } as never), TypeError);
      assert.throws(() => sut({ ...base, url: ['/x'] } as never), TypeError);
    });

    for (const [route, params, expected] of [
      ['GET /repos/:owner', { owner: 'o' }, '/repos/o'],
      ['GET /files/:foo.json', { foo: 'f' }, '/files/f.json'],
      ['GET /x/:ab-cd', { ab: 'v' }, '/x/v-cd'],
      ['GET /x/:a', {}, '/x/:a'],
      ['GET /x/:Repo', { Repo: 'v' }, '/x/:Repo?Repo=v'],
      ['GET /x/:8080', {}, '/x/:8080'],
      ['GET /search?q=is:open', {}, '/search?q=is'],
      ['GET /x/{:ab}', { ab: 'value' }, '/x/{value}'],
    ] as const) {
      it(`converts colon placeholders: ${route} -> ${expected}`, () => {
        assert.equal(urlOf(route, params), 'https://api.github.com' + expected);
      });
    }

    it('converts userinfo too: http://user:pass@h', () => {
      assert.equal(urlOf('GET http://user:pass@h/x', { pass: 'p' }), 'http://userp@h/x');
    });
  });

  describe('headers', () => {
    it('copies headers and does not lowercase or mutate them', () => {
      const headers = { 'Content-Type': 'text/plain', accept: ACCEPT };
      const result = sut({ ...base, method: 'POST', headers, a: 1 });
      assert.notEqual(result.headers, headers);
      assert.deepEqual(Object.keys(headers), ['Content-Type', 'accept']);
      assert.equal(result.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(result.headers['Content-Type'], 'text/plain');
    });
  });

  describe('used variables and remaining parameters', () => {
    for (const [route, params, expected] of [
      ['GET /x{?a,b}', { a: 1, b: 2, c: 3 }, '/x?a=1&b=2&c=3'],
      ['GET /x{/branch}', { branch: 'b' }, '/x/b'],
      ['GET /{+path}', { path: 'a/b' }, '/a/b'],
      ['GET /x/{list*}', { list: ['a', 'b'] }, '/x/a,b'],
      ['GET /x/{var:3}', { var: 'abcdef' }, '/x/abc?var=abcdef'],
      ['GET /x/{a*,b}', { a: ['1'], b: 'x' }, '/x/1,x?a=1'],
      ['GET /x/{a:3,b}', { a: 'abcdef', b: 'x' }, '/x/abc,x?a=abcdef'],
      ['GET /x/{=a}', { a: 'v' }, '/x'],
      ['GET /x/{@a}', { a: 'v' }, '/x'],
      ['GET /x/{ä}', { ä: 'v' }, '/x/v?ä=v'],
      ['GET /x/{a}', { a: null, b: '' }, '/x?b='],
      ['GET /x/{method}{url}{baseUrl}', {}, '/x'],
    ] as const) {
      it(`${route} with ${JSON.stringify(params)} -> ${expected}`, () => {
        assert.equal(urlOf(route, params), 'https://api.github.com' + expected);
      });
    }

    it('{ a } (padded name) consumes a; the route must be an options object because of the spaces', () => {
      assert.equal(endpoint({ method: 'GET', url: '/x/{ a }', a: 'v' }).url, 'https://api.github.com/x');
    });

    it('sends non-ASCII names to the body too', () => {
      assert.deepEqual(endpoint('POST /x/{ä}', { ä: 'v' }).body, nullObject({ ä: 'v' }));
    });
  });

  describe('base URL', () => {
    for (const [baseUrl, route, params, expected] of [
      ['https://h/api/', 'GET /x', {}, 'https://h/api//x'],
      ['https://api.github.com', 'GET repos/x', {}, 'https://api.github.comrepos/x'],
      ['https://b', 'GET HTTPS://h/x', {}, 'https://bHTTPS://h/x'],
      ['https://b', 'GET httpfoo/x', {}, 'httpfoo/x'],
      ['https://{host}/api', 'GET /x', { host: 'h' }, 'https://{host}/api/x?host=h'],
      ['https://b', 'GET {+base}/x', { base: 'https://h' }, 'https://h/x'],
      ['https://b', 'GET {base}/x', { base: 'h/p' }, 'https://bh%2Fp/x'],
      // The encoded value still starts with "http", so it counts as absolute and gets no base url
      // (the reference does the same, although a {base} value normally gets the prefix).
      ['https://b', 'GET {base}/x', { base: 'https://h' }, 'https%3A%2F%2Fh/x'],
    ] as const) {
      it(`${baseUrl} + ${route} -> ${expected}`, () => {
        assert.equal(endpoint(route, { baseUrl, ...params }).url, expected);
      });
    }

    it('a missing or null baseUrl is joined as text', () => {
      assert.equal(sut({ ...base, baseUrl: undefined, url: '/x' } as never).url, 'undefined/x');
      assert.equal(endpoint('GET /x', { baseUrl: null } as never).url, 'null/x');
    });
  });

  describe('result object', () => {
    it('has method, url, headers, then body, then request', () => {
      assert.deepEqual(Object.keys(endpoint('POST /x', { a: 1, request: { r: 1 } })), [
        'method',
        'url',
        'headers',
        'body',
        'request',
      ]);
    });

    it('keeps a truthy request as is and leaves out a falsy one', () => {
      const request = { r: 1 };
      assert.equal(endpoint('GET /', { request }).request, request);
      assert.deepEqual(endpoint('GET /', { request: {} }).request, {});
      assert.equal(endpoint('GET /', { request: 'x' as never }).request, 'x');
      for (const request of [null, 0, false])
        assert.equal('request' in endpoint('GET /', { request: request as never }), false);
    });
  });

  describe('other small facts', () => {
    it('parse does not drop undefined parameters on hand-made input', () => {
      assert.equal(sut({ ...base, url: '/x', a: undefined }).url, 'https://example.com/x?a=undefined');
    });

    it('a null GET parameter gives k=null; in a template it gives nothing and is consumed', () => {
      assert.equal(urlOf('GET /x', { k: null }), 'https://api.github.com/x?k=null');
      assert.equal(urlOf('GET /x/{k}', { k: null }), 'https://api.github.com/x');
    });

    it('reads parameters from own enumerable keys only', () => {
      const options = Object.create({ inherited: 'i' }) as Record<string, unknown>;
      Object.assign(options, base, { url: '/x/{inherited}{hidden}' });
      Object.defineProperty(options, 'hidden', { value: 'h', enumerable: false });
      assert.equal(sut(options as MergedOptions).url, 'https://example.com/x');
    });
  });
});
