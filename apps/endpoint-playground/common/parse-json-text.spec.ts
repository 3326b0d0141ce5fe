import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidJsonError } from './invalid-json-error';
import { parseJsonText } from './parse-json-text';
import { PlaygroundInputError } from './playground-input-error';

describe(parseJsonText.name, () => {
  it('returns the parsed value', () => {
    assert.deepEqual(parseJsonText('{"a": [1]}', 'Parameters'), { a: [1] });
  });

  it('names the input and the position of the first error', () => {
    assert.throws(
      () => parseJsonText('{"owner": "octokit",\n "repo": }', 'Parameters'),
      (error: unknown) => {
        assert.ok(error instanceof InvalidJsonError);
        assert.ok(error instanceof PlaygroundInputError);
        assert.equal(error.name, 'InvalidJsonError');
        assert.equal(
          error.message,
          'Parameters is not valid JSON: unexpected character "}" at line 2, column 10 (position 30)',
        );
        assert.ok(error.cause instanceof SyntaxError);
        return true;
      },
    );
  });

  it("falls back to the engine's message when the text is too deep to scan", () => {
    const text = '['.repeat(1_000_000);
    assert.throws(() => parseJsonText(text, 'Defaults'), /^InvalidJsonError: Defaults is not valid JSON: \S/);
  });
});
