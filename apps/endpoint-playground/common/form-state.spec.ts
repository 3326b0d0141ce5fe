import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formStateFromHash, formStateToHash } from './form-state';

describe('form state in the URL fragment', () => {
  const state = {
    route: 'GET /repos/{owner}/{repo}',
    parameters: '{\n  "owner": "a&b=c #1"\n}',
    defaults: '',
    operation: 'repos/get',
  };

  it(`${formStateToHash.name} writes the non-empty fields, form-urlencoded`, () => {
    assert.equal(
      formStateToHash(state),
      '#route=GET+%2Frepos%2F%7Bowner%7D%2F%7Brepo%7D&parameters=%7B%0A++%22owner%22%3A+%22a%26b%3Dc+%231%22%0A%7D&operation=repos%2Fget',
    );
    assert.equal(formStateToHash({ route: '', parameters: '', defaults: '', operation: '' }), '#');
  });

  it(`${formStateFromHash.name} restores the exact texts`, () => {
    assert.deepEqual(formStateFromHash(formStateToHash(state)), state);
    assert.deepEqual(formStateFromHash('#defaults=%7B%7D'), {
      route: '',
      parameters: '',
      defaults: '{}',
      operation: '',
    });
    assert.deepEqual(formStateFromHash('#operation=issues%2Fcreate')?.operation, 'issues/create');
  });

  it(`${formStateFromHash.name} finds no state in an empty or foreign fragment`, () => {
    assert.equal(formStateFromHash(''), undefined);
    assert.equal(formStateFromHash('#'), undefined);
    assert.equal(formStateFromHash('#section-2'), undefined);
  });
});
