import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFetch } from './to-fetch';

describe(toFetch.name, () => {
  it('uppercases the method (fetch sends "patch" as is) and pretty-prints a JSON body', () => {
    const sut = toFetch({
      method: 'patch',
      url: 'https://api.github.com/repos/o/r',
      headers: {
        accept: 'application/vnd.github.v3+json',
        'content-type': 'application/json; charset=utf-8',
      },
      body: { description: 'new', topics: ['a'] },
    });
    assert.equal(
      sut,
      [
        'await fetch("https://api.github.com/repos/o/r", {',
        '  method: "PATCH",',
        '  headers: {',
        '    "accept": "application/vnd.github.v3+json",',
        '    "content-type": "application/json; charset=utf-8",',
        '  },',
        '  body: JSON.stringify({',
        '    "description": "new",',
        '    "topics": [',
        '      "a"',
        '    ]',
        '  }),',
        '});',
      ].join('\n'),
    );
  });

  it('writes a string body as a string literal and leaves out a missing body', () => {
    assert.equal(
      toFetch({
        method: 'post',
        url: 'https://h/"x"',
        headers: { 'x-list': ['a', 'b'] },
        body: 'a "quoted"\nline',
      }),
      'await fetch("https://h/\\"x\\"", {\n  method: "POST",\n  headers: {\n    "x-list": "a, b",\n  },\n  body: "a \\"quoted\\"\\nline",\n});',
    );
    assert.equal(
      toFetch({ method: 'get', url: 'https://h/', headers: {} }),
      'await fetch("https://h/", {\n  method: "GET",\n  headers: {\n  },\n});',
    );
  });

  it('keeps a body with a "__proto__" key as a string (an object literal would drop it)', () => {
    const body = JSON.parse('{"__proto__": {"x": 1}}');
    assert.equal(
      toFetch({ method: 'post', url: 'https://h/', headers: {}, body }).split('\n')[4],
      '  body: "{\\"__proto__\\":{\\"x\\":1}}",',
    );
  });

  it('produces code that runs and sends exactly these options', async () => {
    const calls: [string, RequestInit][] = [];
    const fetch = async (url: string, init: RequestInit) => void calls.push([url, init]);
    const code = toFetch({
      method: 'delete',
      url: 'https://h/x',
      headers: { a: 'b' },
      body: [1, { c: null }],
    });
    await new Function('fetch', `return (async () => { ${code} })();`)(fetch);
    assert.deepEqual(calls, [
      ['https://h/x', { method: 'DELETE', headers: { a: 'b' }, body: '[1,{"c":null}]' }],
    ]);
  });
});
