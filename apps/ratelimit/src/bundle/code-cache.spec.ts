import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeCodeCache, encodeCodeCache } from './code-cache';

describe('code cache file', () => {
  const source = Buffer.from('(function () { return 42; })');
  const data = Buffer.from([1, 2, 3, 4]);

  it("gives V8's data back for the bundle it was made from", () => {
    assert.deepEqual(decodeCodeCache(source, encodeCodeCache(source, data)), data);
  });

  it('is ignored for other bytes, even of the same length', () => {
    const rebuilt = Buffer.from('(function () { return 43; })');
    assert.equal(rebuilt.length, source.length);
    assert.equal(decodeCodeCache(rebuilt, encodeCodeCache(source, data)), undefined);
  });

  it('is ignored when missing, empty or shorter than its hash', () => {
    assert.equal(decodeCodeCache(source, undefined), undefined);
    assert.equal(decodeCodeCache(source, Buffer.alloc(0)), undefined);
    assert.equal(decodeCodeCache(source, encodeCodeCache(source, data).subarray(0, 32)), undefined);
  });
});
