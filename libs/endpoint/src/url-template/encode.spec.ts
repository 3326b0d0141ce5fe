import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeReserved, encodeUnreserved } from './encode';

describe(encodeUnreserved.name, () => {
  it("encodes like encodeURIComponent plus ! ' ( ) *", () => {
    assert.equal(encodeUnreserved("a b/!'()*é"), 'a%20b%2F%21%27%28%29%2A%C3%A9');
    assert.equal(encodeUnreserved('plain'), 'plain');
  });

  it('converts non-strings with String()', () => {
    assert.equal(encodeUnreserved([1, 2]), '1%2C2');
  });
});

describe(encodeReserved.name, () => {
  for (const [input, expected] of [
    ['a/b?c=d#e', 'a/b?c=d#e'],
    ['[a] b', '[a]%20b'],
    ['%20%zz%', '%20%25zz%25'],
    ['x%5By', 'x%5By'],
    ['%%41', '%25%41'],
    ['%a', '%a'],
    ['%41 %a ', '%41 %a '],
    ['é', '%C3%A9'],
  ] as const) {
    it(`${input} -> ${expected}`, () => {
      assert.equal(encodeReserved(input), expected);
    });
  }

  it('throws a URIError for a lone surrogate', () => {
    assert.throws(() => encodeReserved('\uD800'), URIError);
  });
});
