import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findJsonSyntaxError } from './find-json-syntax-error';

describe(findJsonSyntaxError.name, () => {
  it('finds nothing in valid JSON of every kind', () => {
    for (const text of [
      '{}',
      '[]',
      ' {"a": [1, -2.5e+3, true, false, null, "x\\n\\u00e9\\"", {}]} ',
      '"s"',
      '0',
      '-0.1E2',
    ]) {
      assert.equal(findJsonSyntaxError(text), undefined, text);
    }
  });

  it('points at a missing value with line, column and position', () => {
    assert.deepEqual(findJsonSyntaxError('{\n  "owner": \n}'), {
      position: 14,
      line: 3,
      column: 1,
      reason: 'unexpected character "}"',
    });
  });

  const cases: [string, number, string][] = [
    ['', 0, 'unexpected end of input'],
    ['{"a":1,}', 7, 'expected a property name in double quotes'],
    ["{'a':1}", 1, 'expected a property name in double quotes'],
    ['{"a" 1}', 5, "expected ':' after the property name"],
    ['{"a":1 "b":2}', 7, "expected ',' or '}'"],
    ['[1 2]', 3, "expected ',' or ']'"],
    ['[1,]', 3, 'unexpected character "]"'],
    ['{"a":"x', 7, 'unterminated string'],
    ['"a\tb"', 2, 'control character in a string (write it as an escape such as \\n)'],
    ['"\\x"', 1, 'invalid escape sequence in a string'],
    ['"\\u12"', 1, 'invalid escape sequence in a string'],
    ['-', 0, 'invalid number'],
    ['1.', 1, 'invalid number'],
    ['1e+', 1, 'invalid number'],
    ['01', 1, 'unexpected text after the end of the JSON value'],
    ['{} x', 3, 'unexpected text after the end of the JSON value'],
    ['tru', 0, 'unexpected character "t"'],
    ['undefined', 0, 'unexpected character "u"'],
  ];
  for (const [text, position, reason] of cases) {
    it(`${JSON.stringify(text)}: ${reason} at ${position}`, () => {
      const found = findJsonSyntaxError(text);
      assert.equal(found?.position, position);
      assert.equal(found?.reason, reason);
      assert.throws(() => JSON.parse(text), SyntaxError, 'the engine agrees the text is invalid');
    });
  }

  it('counts columns from 1 after the last newline', () => {
    assert.deepEqual(findJsonSyntaxError('[\r\n1,\r\n  x]'), {
      position: 9,
      line: 3,
      column: 3,
      reason: 'unexpected character "x"',
    });
  });

  it('gives up (undefined) on nesting deeper than the stack instead of crashing', () => {
    assert.equal(findJsonSyntaxError('['.repeat(1_000_000)), undefined);
  });
});
