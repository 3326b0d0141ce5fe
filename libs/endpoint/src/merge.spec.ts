// Upstream test/merge.test.ts, and the rules of merge(): route, headers, undefined removal, result.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint } from './index';
import { DEFAULT_USER_AGENT } from './defaults';
import { merge } from './merge';

const ACCEPT = 'application/vnd.github.v3+json';
const GHE = 'https://github-enterprise.acme-inc.com/api/v3';
const sut = endpoint.merge;

describe(merge.name, () => {
  describe('upstream merge tests', () => {
    it('is a function', () => {
      assert.equal(typeof sut, 'function');
    });

    it('README example: merges without parsing', () => {
      const myEndpoint = endpoint.defaults({
        baseUrl: GHE,
        headers: { 'user-agent': 'myApp/1.2.3', authorization: 'token 0000' },
        org: 'my-project',
      });
      assert.deepEqual(
        myEndpoint.merge('GET /orgs/{org}/repos', {
          headers: { authorization: 'token 1111' },
          type: 'private',
        }),
        {
          baseUrl: GHE,
          mediaType: { format: '' },
          method: 'GET',
          url: '/orgs/{org}/repos',
          headers: { accept: ACCEPT, authorization: 'token 1111', 'user-agent': 'myApp/1.2.3' },
          org: 'my-project',
          type: 'private',
        },
      );
    });

    it('repeated defaults', () => {
      const chain = endpoint.defaults({ baseUrl: GHE, headers: { 'user-agent': 'myApp/1.2.3' } }).defaults({
        headers: { authorization: 'token 1234' },
        org: 'my-project',
      });
      const merged = chain.merge('GET /orgs/{org}/repos');
      assert.deepEqual(merged.headers, {
        accept: ACCEPT,
        'user-agent': 'myApp/1.2.3',
        authorization: 'token 1234',
      });
      assert.equal(merged.org, 'my-project');
    });

    it('no arguments returns the defaults without url', () => {
      assert.deepEqual(sut(), {
        method: 'GET',
        baseUrl: 'https://api.github.com',
        headers: { accept: ACCEPT, 'user-agent': DEFAULT_USER_AGENT },
        mediaType: { format: '' },
      });
      assert.equal('url' in sut(), false);
      assert.deepEqual(sut(null), sut());
    });

    it('does not mutate the route param', () => {
      const route = { method: 'GET', url: '/x', headers: { 'X-A': '1' }, a: undefined };
      const copy = structuredClone(route);
      sut(route);
      assert.deepEqual(route, copy);
    });

    it('does not mutate/lowercase the headers field of route', () => {
      const route = { method: 'GET', url: '/x', headers: { 'Content-Type': 'text/plain' } };
      sut(route);
      assert.deepEqual(Object.keys(route.headers), ['Content-Type']);
    });
  });

  describe('route argument', () => {
    it('splits a string route into method and url, keeping the method case', () => {
      const merged = sut('get /x');
      assert.equal(merged.method, 'get');
      assert.equal(merged.url, '/x');
    });

    it('drops pieces after the second', () => {
      assert.equal(sut('GET /x extra').url, '/x');
    });

    it('a single piece is the url and the method comes from the defaults', () => {
      const merged = sut('/path');
      assert.equal(merged.url, '/path');
      assert.equal(merged.method, 'GET');
    });

    it('"" gives url "" (parsed later as /)', () => {
      assert.equal(sut('').url, '');
      assert.equal(endpoint('').url, 'https://api.github.com/');
    });

    it('a double space makes the first piece the url', () => {
      assert.equal(sut('GET  /x').url, 'GET');
      assert.equal(endpoint('GET  /x').url, 'https://api.github.comGET');
    });

    it('a trailing space makes the first piece the url', () => {
      assert.equal(sut('GET ').url, 'GET');
    });

    it('options override the route method and url', () => {
      const result = endpoint('GET /a', { method: 'post', url: '/b' });
      assert.equal(result.method, 'post');
      assert.equal(result.url, 'https://api.github.com/b');
    });

    it('an object route ignores the second argument', () => {
      // @ts-expect-error the types take no second argument after an options object
      const merged = sut({ url: '/x', a: 1 }, { b: 2 });
      assert.equal(merged.a, 1);
      assert.equal('b' in merged, false);
    });

    it('an undefined route returns a copy of the defaults', () => {
      const merged = sut(undefined);
      assert.deepEqual(merged, endpoint.DEFAULTS);
      assert.notEqual(merged, endpoint.DEFAULTS);
    });
  });

  describe('headers', () => {
    it('lowercases keys; the later key wins on a collision', () => {
      const merged = sut('GET /', { headers: { 'X-Foo': 1, 'x-foo': 2, 'X-FOO': 3 } });
      assert.equal(merged.headers['x-foo'], 3);
      assert.equal('X-Foo' in merged.headers, false);
    });

    it('a missing, null or falsy headers becomes {} (defaults kept)', () => {
      for (const headers of [undefined, null, 0, '', false]) {
        assert.deepEqual(sut('GET /', { headers: headers as never }).headers, endpoint.DEFAULTS.headers);
      }
    });

    it('keeps header values as they are (numbers, arrays, null)', () => {
      const merged = sut('GET /', { headers: { a: 1, b: ['x', 'y'], c: null } });
      assert.deepEqual([merged.headers.a, merged.headers.b, merged.headers.c], [1, ['x', 'y'], null]);
    });

    it('a later undefined header removes an earlier one with the same lowercase key', () => {
      const merged = sut('GET /', { headers: { 'X-A': 1, 'x-a': undefined } });
      assert.equal('x-a' in merged.headers, false);
    });
  });

  describe('undefined removal', () => {
    it('removes top-level undefined: the default baseUrl stays', () => {
      assert.equal(sut('GET /', { baseUrl: undefined }).baseUrl, 'https://api.github.com');
      assert.equal('before' in sut('GET /x', { before: undefined }), false);
    });

    it('keeps nested undefined as an own key', () => {
      const merged = sut('GET /', { mediaType: { format: undefined } });
      assert.ok(Object.hasOwn(merged.mediaType, 'format'));
      assert.equal(merged.mediaType.format, undefined);
      assert.equal(endpoint('GET /', { mediaType: { format: undefined } }).headers.accept, ACCEPT);
    });

    it('keeps null values', () => {
      assert.equal(sut('GET /x', { a: null }).a, null);
    });

    it('an undefined url in options removes the route url', () => {
      assert.equal('url' in sut('GET /x', { url: undefined }), false);
    });
  });

  describe('result', () => {
    it('has the defaults keys first, then url, then parameters in order', () => {
      assert.deepEqual(Object.keys(sut('GET /x', { b: 1, a: 2 })), [
        'method',
        'baseUrl',
        'headers',
        'mediaType',
        'url',
        'b',
        'a',
      ]);
    });

    it('keeps the caller order for an options object', () => {
      assert.deepEqual(Object.keys(sut({ z: 1, url: '/x', method: 'PUT' })), [
        'method',
        'baseUrl',
        'headers',
        'mediaType',
        'z',
        'url',
      ]);
    });
  });
});
