import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRequestOptions } from './build-request-options';
import { PLAYGROUND_USER_AGENT } from './playground-endpoint';
import { PlaygroundInputError } from './playground-input-error';

const ACCEPT = 'application/vnd.github.v3+json';

describe(buildRequestOptions.name, () => {
  it('is endpoint(route, parameters) with the fixed playground user-agent', () => {
    assert.equal(PLAYGROUND_USER_AGENT, 'repo-endpoint.js/0.1.0 endpoint-playground');
    const sut = buildRequestOptions({
      route: 'PATCH /repos/{owner}/{repo}',
      parameters: { owner: 'o', repo: 'r', name: 'n' },
    });
    // Through JSON, as the API sends it (the library's body object has a null prototype).
    assert.deepEqual(JSON.parse(JSON.stringify(sut)), {
      method: 'patch',
      url: 'https://api.github.com/repos/o/r',
      headers: {
        accept: ACCEPT,
        'user-agent': PLAYGROUND_USER_AGENT,
        'content-type': 'application/json; charset=utf-8',
      },
      body: { name: 'n' },
    });
  });

  it('applies defaults, which may override the user-agent', () => {
    const sut = buildRequestOptions({
      route: 'GET /orgs/{org}/repos',
      parameters: { type: 'private' },
      defaults: { baseUrl: 'https://ghe.test/api/v3', org: 'acme', headers: { 'User-Agent': 'mine/1' } },
    });
    assert.deepEqual(sut, {
      method: 'get',
      url: 'https://ghe.test/api/v3/orgs/acme/repos?type=private',
      headers: { accept: ACCEPT, 'user-agent': 'mine/1' },
    });
  });

  it('without a route, the parameters are the whole options (endpoint(options))', () => {
    assert.deepEqual(buildRequestOptions({ parameters: { method: 'DELETE', url: '/gists/{id}', id: 7 } }), {
      method: 'delete',
      url: 'https://api.github.com/gists/7',
      headers: { accept: ACCEPT, 'user-agent': PLAYGROUND_USER_AGENT },
    });
    assert.equal(buildRequestOptions({}).url, 'https://api.github.com/');
  });

  it("turns the library's TypeError and URIError into a PlaygroundInputError", () => {
    assert.throws(
      () => buildRequestOptions({ route: 'GET /search/issues', parameters: { q: 1 } }),
      new PlaygroundInputError('endpoint() threw TypeError: q must be a string'),
    );
    assert.throws(
      () => buildRequestOptions({ route: 'GET /x', parameters: { a: '\ud800' } }),
      (error: unknown) =>
        error instanceof PlaygroundInputError && /^endpoint\(\) threw URIError: /.test(error.message),
    );
  });
});
