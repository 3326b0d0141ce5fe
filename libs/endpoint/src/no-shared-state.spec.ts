// No shared state (docs/endpoint.md): no call changes DEFAULTS of any level or any object the
// caller passed in. Every input and every DEFAULTS object is deep-frozen, so a write would throw
// (strict mode).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint } from './index';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

describe('no shared state', () => {
  it('a /graphql call without mediaType leaves DEFAULTS.mediaType alone (unlike the reference)', () => {
    const sut = endpoint.defaults({ headers: { x: '1' } });
    deepFreeze(sut.DEFAULTS);
    sut('POST /graphql', { query: '{}' });
    assert.deepEqual(sut.merge().mediaType, { format: '' });
    assert.equal('previews' in endpoint.DEFAULTS.mediaType, false);
  });

  it('defaults previews are not stripped in place by a /graphql call or defaults()', () => {
    const parent = endpoint.defaults({ mediaType: { previews: ['a-preview'] } });
    deepFreeze(parent.DEFAULTS);
    const child = parent.defaults({ url: '/graphql' });
    assert.deepEqual(child.DEFAULTS.mediaType.previews, ['a']);
    assert.equal(parent('POST /graphql').headers.accept, 'application/vnd.github.a-preview+json');
    assert.deepEqual(parent.DEFAULTS.mediaType.previews, ['a-preview']);
  });

  it('leaves frozen caller inputs untouched for every kind of call', () => {
    const chain = endpoint.defaults(deepFreeze({ headers: { 'X-A': '1' }, request: { r: 1 }, org: 'o' }));
    deepFreeze(chain.DEFAULTS);
    const options = deepFreeze({
      headers: { Accept: 'application/vnd.foo-preview', 'If-None-Match': undefined },
      mediaType: { format: 'raw', previews: ['b-preview'] },
      request: { timeout: 1 },
      list: ['a', 'b'],
      data: { nested: { x: 1 } },
    });
    for (const route of ['GET /orgs/{org}/{?list*}', 'POST /graphql', 'PUT /x', 'PATCH /x/{list}']) {
      chain(route, options);
      chain.merge(route, options);
      chain.parse(chain.merge(route, options));
    }
    const classMediaType = deepFreeze(Object.assign([] as unknown[], { format: '' }));
    assert.deepEqual(
      chain.merge('POST /graphql', { mediaType: classMediaType as never }).mediaType,
      Object.assign([], { format: '', previews: [] }),
    );
    const prototypeMediaType = deepFreeze(
      Object.create(deepFreeze({ kind: 'x' })) as Record<string, unknown>,
    );
    const merged = chain.merge('POST /graphql', { mediaType: prototypeMediaType as never });
    assert.equal(Object.getPrototypeOf(merged.mediaType), Object.getPrototypeOf(prototypeMediaType));
    assert.deepEqual(Object.keys(merged.mediaType), ['previews']);
  });

  it('parse leaves frozen merged options untouched', () => {
    const merged = deepFreeze(
      endpoint.merge('POST /graphql', {
        headers: { accept: 'application/vnd.x-preview' },
        mediaType: { previews: ['y'] },
        a: 1,
      }),
    );
    assert.equal(
      endpoint.parse(merged).headers.accept,
      'application/vnd.github.x-preview+json,application/vnd.github.y-preview+json',
    );
  });
});
