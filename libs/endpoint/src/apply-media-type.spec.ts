// The accept header rules, through endpoint() and directly.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyMediaType } from './apply-media-type';
import { endpoint } from './index';

/** The format step alone: applyMediaType with only mediaType.format set. */
const applyFormat = (accept: unknown, format: string) => {
  const headers: Record<string, unknown> = { accept };
  applyMediaType(headers, { format }, '/x');
  return headers.accept;
};
const acceptOf = (route: string, accept: unknown, mediaType: Record<string, unknown>) =>
  endpoint(route, { headers: { accept }, mediaType }).headers.accept;

describe(applyMediaType.name, () => {
  it('skips format and previews for application/octet-stream in any case', () => {
    assert.equal(
      acceptOf('POST /graphql', 'Application/Octet-Stream', { format: 'raw', previews: ['x'] }),
      'Application/Octet-Stream',
    );
  });

  it('does not need mediaType for a binary request', () => {
    const headers = { accept: 'application/octet-stream' };
    applyMediaType(headers, null, '/x');
    assert.deepEqual(headers, { accept: 'application/octet-stream' });
  });

  it('throws a TypeError naming mediaType for a missing mediaType (where the reference throws)', () => {
    const error = { name: 'TypeError', message: /^mediaType must be an object$/ };
    assert.throws(() => endpoint('GET /', { mediaType: null } as never), error);
    assert.throws(() => applyMediaType({}, undefined, '/x'), error);
  });

  describe('format', () => {
    for (const [accept, format, expected] of [
      ['application/vnd.github.v3+json', 'raw', 'application/vnd.github.v3.raw'],
      ['application/vnd.github+json', 'diff', 'application/vnd.github.diff'],
      ['application/vnd.github.v3.raw+json', 'diff', 'application/vnd.github.v3.diff'],
      ['application/vnd.github.v3.html+json', 'raw', 'application/vnd.github.v3.raw'],
      ['application/vnd.github.v3x', 'raw', 'application/vnd.github.raw'],
      ['application/json', 'raw', 'application/json'],
      [
        'application/vnd.github.v3+json; charset=utf-8',
        'raw',
        'application/vnd.github.v3+json; charset=utf-8',
      ],
      ['application/vnd.github.symmetra-preview+json', 'raw', 'application/vnd.github.symmetra-preview+json'],
      [' application/vnd.github.foo+json', 'raw', ' application/vnd.github.raw'],
      ['Application/vnd.github.v3+json', 'raw', 'Application/vnd.github.v3+json'],
      [
        'application/vnd.github.v3+json,application/vnd.x+json',
        'raw',
        'application/vnd.github.v3.raw,application/vnd.x.raw',
      ],
      [
        'application/vnd.a application/vnd.github.v3',
        'raw',
        'application/vnd.a application/vnd.github.v3.raw',
      ],
      ['application/vnd.github.v3+json', '$&', 'application/vnd.github.v3.application/vnd.github.v3+json'],
      ['application/vnd.github.v3+json', '$1$$', 'application/vnd.github.v3..github$'],
      ['x application/vnd.github.v3+json', '$`', 'x application/vnd.github.v3.x '],
    ] as const) {
      it(`${accept} with format ${format} -> ${expected}`, () => {
        assert.equal(acceptOf('GET /', accept, { format }), expected);
      });
    }

    it('throws a TypeError naming headers.accept when it is missing or not a string', () => {
      const error = { name: 'TypeError', message: /^headers\.accept must be a string$/ };
      assert.throws(() => applyFormat(undefined, 'raw'), error);
      assert.throws(() => acceptOf('GET /', 1, { format: 'raw' }), error);
    });

    it('takes the format as given: a newline in it or after the accept value', () => {
      assert.equal(applyFormat('c', 'a\nb'), 'c');
      assert.equal(applyFormat('application/vnd.x', 'a'), 'application/vnd.x.a');
      assert.equal(applyFormat('application/vnd.x', 'a\n'), 'application/vnd.x.a\n');
    });

    it('stays linear on a long run of vnd media types without a match', () => {
      const accept = ('application/vnd.' + 'a'.repeat(50) + '.').repeat(4000) + '!';
      assert.equal(applyFormat(accept, 'raw'), accept);
    });
  });

  describe('previews', () => {
    it('apply only when the url ends with /graphql before the query is added', () => {
      assert.equal(
        endpoint('GET /graphql', { extra: 1, mediaType: { previews: ['a'] } }).headers.accept,
        'application/vnd.github.a-preview+json',
      );
      assert.equal(
        endpoint('GET /graphql{?x}', { x: 1, mediaType: { previews: ['a'] } }).headers.accept,
        'application/vnd.github.v3+json',
      );
      assert.equal(
        endpoint('GET /x', { mediaType: { previews: ['a'] } }).headers.accept,
        'application/vnd.github.v3+json',
      );
    });

    it('do nothing when empty', () => {
      assert.equal(acceptOf('POST /graphql', 'text/x', { previews: [] }), 'text/x');
    });

    it('list accept names first, then previews, without de-duplication', () => {
      assert.equal(
        acceptOf('POST /graphql', 'application/vnd.github.foo-preview+json', { previews: ['foo'] }),
        'application/vnd.github.foo-preview+json,application/vnd.github.foo-preview+json',
      );
    });

    it('are not stripped for urls other than exactly /graphql', () => {
      assert.equal(
        endpoint('POST https://h/graphql', { mediaType: { previews: ['foo-preview'] } }).headers.accept,
        'application/vnd.github.foo-preview-preview+json',
      );
      assert.equal(
        endpoint('POST /api/graphql', { mediaType: { previews: ['foo-preview'] } }).headers.accept,
        'application/vnd.github.foo-preview-preview+json',
      );
    });

    it('an empty name gives application/vnd.github.-preview+json', () => {
      assert.equal(
        acceptOf('POST /graphql', 'x', { previews: [''] }),
        'application/vnd.github.-preview+json',
      );
    });

    it('use the format suffix when a format is set', () => {
      assert.equal(
        acceptOf('POST /graphql', 'x', { previews: ['a'], format: 'diff' }),
        'application/vnd.github.a-preview.diff',
      );
    });

    it('throw a TypeError when accept is not a string', () => {
      assert.throws(() => acceptOf('POST /graphql', 5, { previews: ['a'] }), {
        name: 'TypeError',
        message: /^headers\.accept must be a string$/,
      });
    });
  });
});

describe('preview names already in the accept value (/graphql)', () => {
  for (const [accept, names] of [
    ['application/vnd.foo-preview,application/vnd.bar-preview', ['foo', 'bar']],
    ['application/vnd.github.jean-grey-preview+json', ['jean-grey']],
    ['x/a-b-preview,foo_bar-preview;y-preview.z,-preview,a.b-preview', ['a-b', 'foo_bar', 'y', 'b']],
    ['a-preview-preview', ['a-preview']],
    ['-preview-preview', ['-preview']],
    ['application/json', []],
    ['A'.repeat(1000) + '-', []],
  ] as const) {
    it(`${accept.slice(0, 60)} -> ${JSON.stringify(names)}`, () => {
      const headers = { accept };
      applyMediaType(headers, { previews: ['z'] }, '/graphql');
      const expected = [...names, 'z'].map((name) => `application/vnd.github.${name}-preview+json`);
      assert.equal(headers.accept, expected.join(','));
    });
  }
});
