// The examples of docs/endpoint.md, exactly as documented there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_USER_AGENT } from './defaults';
import { endpoint } from './index';
import { VERSION } from './version';

describe('docs/endpoint.md examples', () => {
  it('GET /orgs/{org}/repos', () => {
    assert.deepEqual(endpoint('GET /orgs/{org}/repos', { org: 'octokit', type: 'private' }), {
      method: 'get',
      url: 'https://api.github.com/orgs/octokit/repos?type=private',
      headers: { accept: 'application/vnd.github.v3+json', 'user-agent': DEFAULT_USER_AGENT },
    });
    assert.ok(DEFAULT_USER_AGENT.startsWith(`repo-endpoint.js/${VERSION} Node.js/`));
  });

  it('a defaults chain for GitHub Enterprise', () => {
    const ghe = endpoint.defaults({
      baseUrl: 'https://github-enterprise.acme-inc.com/api/v3',
      headers: { 'user-agent': 'myApp/1.2.3', authorization: 'token 0000' },
      org: 'my-project',
      per_page: 100,
    });
    assert.equal(
      ghe('GET /orgs/{org}/repos').url,
      'https://github-enterprise.acme-inc.com/api/v3/orgs/my-project/repos?per_page=100',
    );
    assert.equal(endpoint.DEFAULTS.baseUrl, 'https://api.github.com');
  });

  it('body and query together with data', () => {
    const result = endpoint('POST {+upload_url}/repos/{owner}/{repo}/releases/{id}/assets{?name,label}', {
      upload_url: 'https://uploads.github.com',
      owner: 'o',
      repo: 'r',
      id: 1,
      name: 'example.zip',
      label: 'short description',
      headers: { 'content-type': 'text/plain' },
      data: 'Hello, world!',
    });
    assert.equal(
      result.url,
      'https://uploads.github.com/repos/o/r/releases/1/assets?name=example.zip&label=short%20description',
    );
    assert.equal(result.body, 'Hello, world!');
    assert.equal(result.headers['content-type'], 'text/plain');
  });

  it('PATCH for fetch: lowercase method, JSON body', () => {
    const { method, url, body } = endpoint('PATCH /repos/{owner}/{repo}', {
      owner: 'o',
      repo: 'r',
      private: true,
    });
    assert.equal(method, 'patch');
    assert.equal(method.toUpperCase(), 'PATCH');
    assert.equal(url, 'https://api.github.com/repos/o/r');
    assert.equal(JSON.stringify(body), '{"private":true}');
  });
});
