import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCurl } from './to-curl';

describe(toCurl.name, () => {
  it('sends the uppercase method, url, headers and a JSON body', () => {
    const sut = toCurl({
      method: 'patch',
      url: 'https://api.github.com/repos/o/r',
      headers: {
        accept: 'application/vnd.github.v3+json',
        'content-type': 'application/json; charset=utf-8',
      },
      body: { description: "it's new" },
    });
    assert.equal(
      sut,
      [
        'curl --request PATCH',
        '  --url https://api.github.com/repos/o/r',
        "  --header 'accept: application/vnd.github.v3+json'",
        "  --header 'content-type: application/json; charset=utf-8'",
        `  --data-raw '{"description":"it'\\''s new"}'`,
      ].join(' \\\n'),
    );
  });

  it('quotes urls with shell characters and sends a string body as is', () => {
    const sut = toCurl({
      method: 'post',
      url: 'https://uploads.github.com/assets?name=a b&label=$x',
      headers: { 'content-type': 'text/plain' },
      body: 'line 1\nline 2',
    });
    assert.equal(
      sut,
      [
        'curl --request POST',
        "  --url 'https://uploads.github.com/assets?name=a b&label=$x'",
        "  --header 'content-type: text/plain'",
        "  --data-raw 'line 1\nline 2'",
      ].join(' \\\n'),
    );
  });

  it('uses --head for HEAD and joins array header values', () => {
    assert.equal(
      toCurl({ method: 'head', url: 'https://h/x', headers: { accept: ['a', 'b'], 'x-n': 1 } }),
      "curl --head \\\n  --url https://h/x \\\n  --header 'accept: a, b' \\\n  --header 'x-n: 1'",
    );
  });

  it('keeps empty and null bodies (PUT without parameters has body "")', () => {
    assert.equal(
      toCurl({ method: 'put', url: 'https://h/x', headers: {}, body: '' }),
      "curl --request PUT \\\n  --url https://h/x \\\n  --data-raw ''",
    );
    assert.equal(
      toCurl({ method: 'post', url: 'https://h/x', headers: {}, body: null }),
      'curl --request POST \\\n  --url https://h/x \\\n  --data-raw null',
    );
  });
});
