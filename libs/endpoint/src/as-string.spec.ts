// Boxed strings are accepted wherever the reference calls a string method on the value.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asString } from './as-string';
import { endpoint } from './index';

const boxed = (text: string) => new String(text) as unknown as string;

describe(asString.name, () => {
  it('returns the text of strings and String objects, undefined otherwise', () => {
    assert.equal(asString('a'), 'a');
    assert.equal(asString(boxed('b')), 'b');
    assert.equal(asString(1), undefined);
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
