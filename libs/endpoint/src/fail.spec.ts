// Boxed strings are accepted wherever the reference calls a string method on the value.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fail, requireString } from './fail';
import { endpoint } from './index';

const boxed = (text: string) => new String(text) as unknown as string;

describe(fail.name, () => {
  it('throws a TypeError naming what the input must be and what it got', () => {
    for (const [value, got] of [
      [null, 'null'],
      [[1], 'an array'],
      [undefined, 'undefined'],
      [1, 'number'],
      [{}, 'object'],
    ] as const) {
      assert.throws(() => fail('x must be y', value), {
        name: 'TypeError',
        message: `x must be y, got ${got}`,
      });
    }
  });
});

describe(requireString.name, () => {
  it('returns the text of strings and String objects, and throws for anything else', () => {
    assert.equal(requireString('a', 'x'), 'a');
    assert.equal(requireString(boxed('b'), 'x'), 'b');
    assert.throws(() => requireString(1, 'x'), {
      name: 'TypeError',
      message: 'x must be a string, got number',
    });
  });

  it('lets String objects act as method, url, q, accept, previews and + items', () => {
    const result = endpoint({
      method: boxed('get'),
      url: boxed('/graphql'),
      q: boxed('a+b'),
      headers: { accept: boxed('application/vnd.github.v3+json') },
      mediaType: { format: 'raw', previews: [boxed('x-preview')] },
    });
    assert.equal(result.url, 'https://api.github.com/graphql?q=a+b');
    // a String url is not === '/graphql', so merge does not strip (as in the reference)
    assert.equal(result.headers.accept, 'application/vnd.github.x-preview-preview.raw');
    assert.equal(endpoint('GET /{+path}', { path: [boxed('a/b')] }).url, 'https://api.github.com/a/b');
  });
});
