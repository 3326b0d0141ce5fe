import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkJsonDepth, MAX_JSON_DEPTH } from './check-json-depth';
import { InvalidJsonError } from './invalid-json-error';
import { parseJsonText } from './parse-json-text';

/** `{"a":{"a":...1...}}` with `levels` objects. */
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const TOO_DEEP =
  'The request body nests objects and arrays more than 64 levels deep; 64 is the most the playground takes';

describe(checkJsonDepth.name, () => {
  it(`takes ${MAX_JSON_DEPTH} levels of objects and arrays, and any number of scalars`, () => {
    assert.equal(MAX_JSON_DEPTH, 64);
    for (const text of [nestedObjects(64), nestedArrays(64), '"text"', 'null', '[1,2,{"a":[3]}]']) {
      assert.doesNotThrow(() => checkJsonDepth(JSON.parse(text), 'The request body'), text.slice(0, 20));
    }
  });

  it('refuses a 65th level, objects or arrays, wherever it is', () => {
    for (const text of [
      nestedObjects(65),
      nestedArrays(65),
      `{"route":"GET /","parameters":{"shallow":1,"deep":${nestedArrays(64)}}}`,
    ]) {
      assert.throws(
        () => checkJsonDepth(JSON.parse(text), 'The request body'),
        (error: unknown) => error instanceof InvalidJsonError && error.message === TOO_DEEP,
      );
    }
  });

  it('50,000 levels: the same error, without overflowing the stack', () => {
    for (const text of [nestedObjects(50_000), nestedArrays(50_000)]) {
      assert.throws(
        () => parseJsonText(text, 'The request body'),
        (error: unknown) => error instanceof InvalidJsonError && error.message === TOO_DEEP,
      );
    }
  });
});
