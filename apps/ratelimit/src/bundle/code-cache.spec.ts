import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { bundleSeal, decodeCodeCache, encodeCodeCache, isSealIntact, sealBundle } from './code-cache';

describe('code cache file', () => {
  const source = sealBundle(Buffer.from('(function () { return 42; })'));
  const data = Buffer.from([1, 2, 3, 4]);

  it('the seal is the last line: the SHA-256 of the bytes above it, in hex', () => {
    const body = '(function () { return 42; })\n';
    const digest = createHash('sha256').update(body).digest('hex');
    assert.equal(source.toString(), `${body}// sha256 of the lines above: ${digest}\n`);
    assert.equal(bundleSeal(source)?.toString('hex'), digest);
    assert.equal(isSealIntact(source), true);
  });

  it("gives V8's data back for the bundle it was made from", () => {
    assert.deepEqual(decodeCodeCache(source, encodeCodeCache(source, data)), data);
  });

  it('is ignored for a rebuilt bundle, even of the same length', () => {
    const rebuilt = sealBundle(Buffer.from('(function () { return 43; })'));
    assert.equal(rebuilt.length, source.length);
    assert.equal(decodeCodeCache(rebuilt, encodeCodeCache(source, data)), undefined);
  });

  it('is ignored for a bundle without a seal', () => {
    const unsealed = Buffer.from('(function () { return 42; })\n');
    assert.equal(bundleSeal(unsealed), undefined);
    assert.equal(decodeCodeCache(unsealed, encodeCodeCache(source, data)), undefined);
    assert.throws(() => encodeCodeCache(unsealed, data), /no seal line/);
  });

  it('a seal that does not match the bytes above it is not intact', () => {
    const edited = Buffer.from(source.toString().replace('42', '43'));
    assert.equal(isSealIntact(edited), false);
  });

  it('is ignored when missing, empty or shorter than its digest', () => {
    assert.equal(decodeCodeCache(source, undefined), undefined);
    assert.equal(decodeCodeCache(source, Buffer.alloc(0)), undefined);
    assert.equal(decodeCodeCache(source, encodeCodeCache(source, data).subarray(0, 32)), undefined);
  });
});
