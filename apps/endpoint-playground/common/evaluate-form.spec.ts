import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateForm } from './evaluate-form';
import { PLAYGROUND_USER_AGENT } from './playground-endpoint';
import { toCurl } from './to-curl';
import { toFetch } from './to-fetch';

const HEADERS = { accept: 'application/vnd.github.v3+json', 'user-agent': PLAYGROUND_USER_AGENT };

describe(evaluateForm.name, () => {
  it('gives the result, its warnings and both snippets', () => {
    const sut = evaluateForm({
      route: 'GET /repos/{owner}/{repo}',
      parameters: '{"owner": "o"}',
      defaults: '',
    });
    assert.ok(sut.ok);
    assert.deepEqual(sut.answer, { method: 'get', url: 'https://api.github.com/repos/o', headers: HEADERS });
    assert.deepEqual(
      sut.warnings.map((warning) => warning.code),
      ['unfilled-placeholder'],
    );
    assert.equal(sut.curl, toCurl(sut.answer));
    assert.equal(sut.fetch, toFetch(sut.answer));
  });

  it('treats empty or blank JSON fields as not given', () => {
    const sut = evaluateForm({ route: '/users', parameters: ' \n', defaults: '' });
    assert.deepEqual(sut.answer, { method: 'get', url: 'https://api.github.com/users', headers: HEADERS });
  });

  it('reports invalid JSON in every field as a warning, the first one as the error', () => {
    const sut = evaluateForm({ route: 'GET /x', parameters: '{"a": 1,}', defaults: '[\n  1\n  2]' });
    assert.deepEqual(sut, {
      ok: false,
      answer: {
        statusCode: 400,
        error: 'Bad Request',
        message:
          'Parameters is not valid JSON: expected a property name in double quotes at line 1, column 9 (position 8)',
      },
      warnings: [
        {
          code: 'invalid-json',
          message:
            'Parameters is not valid JSON: expected a property name in double quotes at line 1, column 9 (position 8).',
        },
        {
          code: 'invalid-json',
          message: "Defaults is not valid JSON: expected ',' or ']' at line 3, column 3 (position 8).",
        },
      ],
    });
  });

  it('answers a wrongly shaped field like the API does', () => {
    assert.deepEqual(evaluateForm({ route: 'GET /x', parameters: '[1]', defaults: '' }), {
      ok: false,
      answer: {
        statusCode: 400,
        error: 'Bad Request',
        message: '"parameters" must be a JSON object, got an array',
      },
      warnings: [],
    });
  });

  it("answers the library's TypeError like the API does, keeping the warnings", () => {
    const sut = evaluateForm({ route: 'GET /search/{kind}', parameters: '{"q": 1}', defaults: '' });
    assert.deepEqual(sut, {
      ok: false,
      answer: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'endpoint() threw TypeError: q must be a string',
      },
      warnings: [
        {
          code: 'unfilled-placeholder',
          message:
            'Placeholder {kind} is not filled: "kind" is not in Parameters or Defaults, so it expands to nothing.',
        },
      ],
    });
  });
});
