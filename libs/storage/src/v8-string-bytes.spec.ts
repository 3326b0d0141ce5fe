import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { v8StringBytes } from './v8-string-bytes';

describe(v8StringBytes.name, () => {
  it('counts a 16-byte header and one byte per Latin-1 character, rounded up to 8', () => {
    assert.equal(v8StringBytes(''), 16);
    assert.equal(v8StringBytes('a'), 24);
    assert.equal(v8StringBytes('abcdefgh'), 24);
    assert.equal(v8StringBytes('abcdefghi'), 32);
    assert.equal(v8StringBytes('é'.repeat(8)), 24); // U+00E9 still fits one byte
  });

  it('counts two bytes per character once any character is beyond Latin-1', () => {
    assert.equal(v8StringBytes('€'), 24);
    assert.equal(v8StringBytes('€'.repeat(4)), 24);
    assert.equal(v8StringBytes('€'.repeat(5)), 32);
    assert.equal(v8StringBytes('abcd€'), 32);
    assert.equal(v8StringBytes('😀'), 24); // a surrogate pair: two code units
  });
});
