// Upstream test/defaults.test.ts, and the rules of the defaults() cascade.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint } from './index';
import { DEFAULT_USER_AGENT } from './defaults';
import { withDefaults } from './with-defaults';

const ACCEPT = 'application/vnd.github.v3+json';
const GHE = 'https://github-enterprise.acme-inc.com/api/v3';
const readmeDefaults = {
  baseUrl: GHE,
  headers: { 'user-agent': 'myApp/1.2.3', authorization: 'token 0000000000000000000000000000000000000001' },
  org: 'my-project',
  per_page: 100,
};

describe(withDefaults.name, () => {
  it('is a function', () => {
    assert.equal(typeof endpoint.defaults, 'function');
  });

  it('README example', () => {
    const sut = endpoint.defaults(readmeDefaults);
    assert.deepEqual(sut('GET /orgs/{org}/repos'), {
      method: 'get',
      url: `${GHE}/orgs/my-project/repos?per_page=100`,
      headers: {
        accept: ACCEPT,
        'user-agent': 'myApp/1.2.3',
        authorization: readmeDefaults.headers.authorization,
      },
    });
  });

  it('repeated defaults cascade', () => {
    const sut = endpoint
      .defaults({ baseUrl: GHE, headers: { 'user-agent': 'myApp/1.2.3' } })
      .defaults({ headers: { authorization: 'token 1234' } });
    assert.deepEqual(sut('GET /orgs/{org}/repos', { org: 'octokit' }), {
      method: 'get',
      url: `${GHE}/orgs/octokit/repos`,
      headers: { accept: ACCEPT, 'user-agent': 'myApp/1.2.3', authorization: 'token 1234' },
    });
  });

  it('.DEFAULTS of the root and of a child', () => {
    assert.equal(endpoint.DEFAULTS.baseUrl, 'https://api.github.com');
    assert.equal(endpoint.defaults({ baseUrl: GHE }).DEFAULTS.baseUrl, GHE);
  });

  it('.defaults() merges options but does not yet parse', () => {
    const sut = endpoint.defaults({ url: '/orgs/{org}', org: 'test1' });
    assert.equal(sut.DEFAULTS.url, '/orgs/{org}');
    assert.equal(sut.DEFAULTS.org, 'test1');
    const child = sut.defaults({ org: 'test2' });
    assert.equal(child.DEFAULTS.url, '/orgs/{org}');
    assert.equal(child.DEFAULTS.org, 'test2');
  });

  it('.defaults() sets mediaType.format', () => {
    assert.deepEqual(endpoint.defaults({ mediaType: { format: 'raw' } }).DEFAULTS.mediaType, {
      format: 'raw',
    });
  });

  it('.defaults() merges mediaType.previews on /graphql', () => {
    const first = endpoint.defaults({ url: '/graphql', mediaType: { previews: ['foo'] } });
    assert.deepEqual(first.DEFAULTS.mediaType, { format: '', previews: ['foo'] });
    const second = first.defaults({ url: '/graphql', mediaType: { previews: ['bar'] } });
    assert.deepEqual(second.DEFAULTS.mediaType, { format: '', previews: ['foo', 'bar'] });
  });

  it('.defaults() merges mediaType.previews with "-preview" suffix', () => {
    const first = endpoint.defaults({ url: '/graphql', mediaType: { previews: ['foo-preview'] } });
    assert.deepEqual(first.DEFAULTS.mediaType.previews, ['foo']);
    const second = first.defaults({ url: '/graphql', mediaType: { previews: ['bar-preview'] } });
    assert.deepEqual(second.DEFAULTS.mediaType.previews, ['foo', 'bar']);
  });

  it('root DEFAULTS has method, baseUrl, headers, mediaType in this order and no url/previews', () => {
    assert.deepEqual(Object.keys(endpoint.DEFAULTS), ['method', 'baseUrl', 'headers', 'mediaType']);
    assert.deepEqual(endpoint.DEFAULTS, {
      method: 'GET',
      baseUrl: 'https://api.github.com',
      headers: { accept: ACCEPT, 'user-agent': DEFAULT_USER_AGENT },
      mediaType: { format: '' },
    });
  });

  it('every level exposes the same parse function', () => {
    assert.equal(endpoint.parse, endpoint.defaults({}).parse);
    assert.equal(endpoint.parse, endpoint.defaults({}).defaults({ a: 1 }).parse);
  });

  it('cascades to any depth without changing the parents', () => {
    let sut = endpoint;
    const levels = [];
    for (let depth = 0; depth < 20; depth++) {
      sut = sut.defaults({ [`p${depth}`]: depth });
      levels.push(sut);
    }
    assert.equal(
      sut('GET /x').url,
      `https://api.github.com/x?${levels.map((_, i) => `p${i}=${i}`).join('&')}`,
    );
    assert.equal(levels[0]('GET /x').url, 'https://api.github.com/x?p0=0');
    assert.equal('p1' in levels[0].DEFAULTS, false);
  });

  it('accepts a route string: defaults("POST /foo")', () => {
    const sut = endpoint.defaults('POST /foo');
    assert.equal(sut.DEFAULTS.method, 'POST');
    assert.equal(sut.DEFAULTS.url, '/foo');
    assert.deepEqual(sut(), {
      method: 'post',
      url: 'https://api.github.com/foo',
      headers: endpoint.DEFAULTS.headers,
    });
  });

  it('defaults(), defaults(undefined) and defaults({}) add nothing', () => {
    assert.deepEqual(endpoint.defaults().DEFAULTS, endpoint.DEFAULTS);
    assert.deepEqual(endpoint.defaults(undefined).DEFAULTS, endpoint.DEFAULTS);
    assert.deepEqual(endpoint.defaults({}).DEFAULTS, endpoint.DEFAULTS);
  });

  it('default parameters fill placeholders, the query of GET and the body of POST', () => {
    const sut = endpoint.defaults({ org: 'acme', per_page: 100 });
    assert.equal(sut('GET /orgs/{org}/repos').url, 'https://api.github.com/orgs/acme/repos?per_page=100');
    assert.equal(sut('GET /user/repos').url, 'https://api.github.com/user/repos?org=acme&per_page=100');
    assert.deepEqual(sut('POST /x').body, Object.assign(Object.create(null), { org: 'acme', per_page: 100 }));
  });

  it('a default url is used by a call without arguments', () => {
    assert.equal(endpoint.defaults({ url: '/rate_limit' })().url, 'https://api.github.com/rate_limit');
  });

  it('a default request is merged into every call', () => {
    const sut = endpoint.defaults({ request: { timeout: 5 } });
    assert.deepEqual(sut('GET /', { request: { retries: 1 } }).request, { timeout: 5, retries: 1 });
  });

  it('mediaType.format in defaults applies to every call of the chain', () => {
    const sut = endpoint.defaults({ mediaType: { format: 'diff' } });
    assert.equal(sut('GET /repos/o/r/pulls/1').headers.accept, 'application/vnd.github.v3.diff');
  });

  it('previews set in defaults() without url /graphql are not stripped until a /graphql call', () => {
    const sut = endpoint.defaults({ mediaType: { previews: ['foo-preview', 'bar'] } });
    assert.deepEqual(sut.DEFAULTS.mediaType.previews, ['foo-preview', 'bar']);
    const result = sut('POST /graphql', { mediaType: { previews: ['bar', 'baz-preview'] } });
    assert.equal(
      result.headers.accept,
      'application/vnd.github.foo-preview+json,application/vnd.github.bar-preview+json,application/vnd.github.baz-preview+json',
    );
  });

  it('a later defaults call without url does not run the previews step', () => {
    const first = endpoint.defaults({ url: '/graphql', mediaType: { previews: ['foo'] } });
    const second = first.defaults({ mediaType: { previews: ['bar-preview'] } });
    assert.deepEqual(second.DEFAULTS.mediaType.previews, ['bar-preview']);
  });
});
