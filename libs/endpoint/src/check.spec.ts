import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { check } from './check';
import { endpoint } from './index';

const boxed = (text: string) => new String(text) as unknown as string;

describe(check.name, () => {
  it('returns strings and String objects (both have string methods)', () => {
    const boxed = new String('b');
    assert.equal(check('a', 'x'), 'a');
    assert.equal(check(boxed, 'x'), boxed);
  });

  it('throws `<name> must be a string` for anything else', () => {
    for (const value of [undefined, null, 1, ['a'], {}]) {
      assert.throws(() => check(value, 'x'), { name: 'TypeError', message: 'x must be a string' });
    }
  });

  it('takes what the value must be and the test', () => {
    assert.deepEqual(check({}, 'o', 'an object', true), {});
    assert.throws(() => check(null, 'o', 'an object', false), {
      name: 'TypeError',
      message: 'o must be an object',
    });
  });

  it('lets String objects act as method, q, accept and + items, as the reference does', () => {
    const result = endpoint({
      method: boxed('get'),
      url: '/graphql',
      q: boxed('a+b'),
      headers: { accept: boxed('application/vnd.github.v3+json') },
      mediaType: { format: 'raw', previews: [boxed('x-preview')] },
    });
    assert.equal(result.url, 'https://api.github.com/graphql?q=a+b');
    assert.equal(result.headers.accept, 'application/vnd.github.x-preview.raw');
    assert.equal(endpoint('GET /{+path}', { path: [boxed('a/b')] }).url, 'https://api.github.com/a/b');
  });
});
