import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findWarnings } from './find-warnings';

describe(findWarnings.name, () => {
  it('finds nothing in ordinary input', () => {
    assert.deepEqual(
      findWarnings({ route: 'GET /repos/{owner}/{repo}{?page}', parameters: { owner: 'o', repo: 'r' } }),
      [],
    );
    assert.deepEqual(findWarnings({ route: 'post /x', parameters: { data: 'body' } }), []);
  });

  it('warns about an unknown method, whatever its case', () => {
    assert.deepEqual(findWarnings({ route: 'FETCH /x' }), [
      {
        code: 'unknown-method',
        message: 'Unknown method "FETCH": expected one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.',
      },
    ]);
    assert.deepEqual(findWarnings({ route: 'options /x' }), []);
  });

  it('warns about each missing, null or option-named placeholder once, not about query expressions', () => {
    const sut = findWarnings({
      route: 'GET /repos/{owner}/:repo/{owner}/{url}{?page}{&q}',
      parameters: { repo: null },
    });
    assert.deepEqual(sut, [
      {
        code: 'unfilled-placeholder',
        message:
          'Placeholder {owner} is not filled: "owner" is not in Parameters or Defaults, so it expands to nothing.',
      },
      {
        code: 'unfilled-placeholder',
        message: 'Placeholder {repo} is not filled: "repo" is null, so it expands to nothing.',
      },
      {
        code: 'unfilled-placeholder',
        message:
          'Placeholder {url} is not filled: "url" is an option of endpoint(), not a parameter, so it expands to nothing.',
      },
    ]);
  });

  it('counts values from Defaults as filled', () => {
    assert.deepEqual(findWarnings({ route: 'GET /orgs/{org}/repos', defaults: { org: 'acme' } }), []);
  });

  it('warns about data on GET and HEAD, where it goes to the query string', () => {
    const message = (method: string) =>
      `${method} requests have no body: "data" is sent in the query string instead. Use POST, PUT or PATCH to send a body.`;
    assert.deepEqual(findWarnings({ route: 'GET /x', parameters: { data: { a: 1 } } }), [
      { code: 'body-on-get', message: message('GET') },
    ]);
    assert.deepEqual(findWarnings({ route: '/x', parameters: { method: 'head', data: '' } }), [
      { code: 'body-on-get', message: message('HEAD') },
    ]);
  });

  it('reads the merged options: no route means the parameters are the options', () => {
    assert.deepEqual(
      findWarnings({ parameters: { method: 'BREW', url: '/pot' } }).map((w) => w.code),
      ['unknown-method'],
    );
  });

  it('has nothing to say about input the library rejects (the error is the result)', () => {
    // Shapes the types forbid but JSON can carry.
    const methodNull = JSON.parse('{"route": "GET /{x}", "parameters": {"method": null}}');
    assert.deepEqual(findWarnings(methodNull), []);
    const mergeConflict = JSON.parse(
      '{"route": "GET /{x}", "defaults": {"thing": "text"}, "parameters": {"thing": {"a": {"b": 1}}}}',
    );
    assert.deepEqual(findWarnings(mergeConflict), []);
  });
});
