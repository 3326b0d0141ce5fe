import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateForm } from './evaluate-form';
import { EXAMPLES, exampleToFormState } from './examples';

describe('EXAMPLES', () => {
  it('shows the JSON fields pretty-printed, and an absent field as empty', () => {
    assert.deepEqual(exampleToFormState({ title: 't', route: 'GET /x', parameters: { a: 1 } }), {
      route: 'GET /x',
      parameters: '{\n  "a": 1\n}',
      defaults: '',
      operation: '',
    });
  });

  for (const example of EXAMPLES) {
    it(`"${example.title}" gives a result without warnings`, () => {
      const sut = evaluateForm(exampleToFormState(example));
      assert.equal(sut.ok, true);
      assert.deepEqual(sut.warnings, []);
    });
  }

  it('the upload example puts name and label in the query and data in the body', () => {
    const upload = EXAMPLES.find((example) => example.title.startsWith('Upload'));
    const sut = evaluateForm(exampleToFormState(upload!));
    assert.deepEqual(sut.answer, {
      method: 'post',
      url: 'https://uploads.github.com/repos/octokit/endpoint.js/releases/1/assets?name=notes.txt&label=Release%20notes',
      headers: {
        accept: 'application/vnd.github.v3+json',
        'user-agent': 'repo-endpoint.js/0.1.0 endpoint-playground',
        'content-type': 'text/plain',
      },
      body: 'Hello, world!',
    });
  });
});
