// Methods other than GET/HEAD: the body.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint } from './index';
import { parse } from './parse';

const ACCEPT = 'application/vnd.github.v3+json';
const base = {
  method: 'GET',
  baseUrl: 'https://example.com',
  headers: { accept: ACCEPT },
  mediaType: { format: '' },
};
const sut = parse;
const nullObject = (values: Record<string, unknown>) => Object.assign(Object.create(null), values);

describe('parse: the body', () => {
  describe('other methods: body', () => {
    it('data wins and drops the other remaining parameters', () => {
      const result = endpoint('POST /x', { data: { a: 1 }, other: 2 });
      assert.deepEqual(result.body, { a: 1 });
      assert.equal(result.url, 'https://api.github.com/x');
    });

    it('data may be null, "", an array or a number', () => {
      for (const data of [null, '', [1], 0]) {
        const result = endpoint('POST /x', { data });
        assert.deepEqual(result.body, data);
        assert.equal(result.headers['content-type'], 'application/json; charset=utf-8');
      }
    });

    it('the remaining parameters form a null-prototype body in key order, values not copied', () => {
      const list = [1];
      const result = endpoint('POST /x', { b: 1, a: list });
      assert.equal(Object.getPrototypeOf(result.body), null);
      assert.deepEqual(Object.keys(result.body as object), ['b', 'a']);
      assert.equal((result.body as { a: unknown }).a, list);
    });

    it('replaces an empty-string content-type but keeps a given one', () => {
      assert.equal(
        endpoint('POST /x', { a: 1, headers: { 'content-type': '' } }).headers['content-type'],
        'application/json; charset=utf-8',
      );
      assert.equal(
        endpoint('POST /x', { a: 1, headers: { 'content-type': 'text/x' } }).headers['content-type'],
        'text/x',
      );
    });

    it('appends content-type last', () => {
      assert.deepEqual(Object.keys(endpoint('POST /x', { a: 1 }).headers), [
        'accept',
        'user-agent',
        'content-type',
      ]);
    });

    it('sends a body for unknown methods and DELETE', () => {
      assert.deepEqual(endpoint('FOO /x', { a: 1 }).body, nullObject({ a: 1 }));
      assert.deepEqual(endpoint('DELETE /x', { a: 1 }).body, nullObject({ a: 1 }));
    });

    it('a template can consume some parameters while the rest go to the body', () => {
      const result = endpoint('POST /x{?name,label}', { name: 'n', label: 'l', data: 'd' });
      assert.equal(result.url, 'https://api.github.com/x?name=n&label=l');
      assert.equal(result.body, 'd');
    });

    it('a template that uses data sends the other parameters as the body', () => {
      assert.deepEqual(endpoint('POST /x/{data}', { data: 'd', a: 1 }).body, nullObject({ a: 1 }));
    });

    it('parse on hand-made input with Content-Type adds a second lowercase header', () => {
      const result = sut({ ...base, method: 'POST', headers: { 'Content-Type': 'text/plain' }, a: 1 });
      assert.deepEqual(Object.keys(result.headers), ['Content-Type', 'content-type']);
    });

    it('a data key with an undefined value (hand-made input) gives no body; PUT gets ""', () => {
      assert.equal('body' in sut({ ...base, method: 'POST', data: undefined }), false);
      assert.equal(sut({ ...base, method: 'PUT', data: undefined }).body, '');
    });
  });
});
