// The /graphql previews step of merge().
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint } from './index';
import { merge } from './merge';
import { mergeGraphqlPreviews } from './merge-graphql-previews';

const sut = endpoint.merge;
/** Every input the reference cannot take here gets the one message. */
const error = { name: 'TypeError', message: /^mediaType must be an object with string previews$/ };

describe(mergeGraphqlPreviews.name, () => {
  describe('/graphql previews', () => {
    it('always sets previews on /graphql: merge("POST /graphql") has previews []', () => {
      assert.deepEqual(sut('POST /graphql').mediaType, { format: '', previews: [] });
    });

    it('strips the first -preview wherever it is', () => {
      const merged = sut('POST /graphql', {
        mediaType: { previews: ['a-preview-preview', 'b-previewc', 'c'] },
      });
      assert.deepEqual(merged.mediaType.previews, ['a-preview', 'bc', 'c']);
    });

    it('runs only for the exact url /graphql', () => {
      for (const url of ['https://host/graphql', '/api/graphql', '/graphql/']) {
        const merged = sut('POST ' + url, { mediaType: { previews: ['a-preview'] } });
        assert.deepEqual(merged.mediaType.previews, ['a-preview']);
      }
    });

    it('puts the defaults previews missing from the call first', () => {
      const chain = endpoint.defaults({ mediaType: { previews: ['a', 'b-preview'] } });
      assert.deepEqual(
        chain.merge('POST /graphql', { mediaType: { previews: ['c', 'a'] } }).mediaType.previews,
        ['b', 'c', 'a'],
      );
      assert.deepEqual(chain.merge('POST /graphql').mediaType.previews, ['a', 'b']);
    });

    it('throws a TypeError for previews that are not an array or items that are not strings', () => {
      assert.throws(() => sut('POST /graphql', { mediaType: { previews: 'a' as never } }), error);
      assert.throws(() => sut('POST /graphql', { mediaType: { previews: [1] as never } }), error);
    });

    it('throws a TypeError when the merged mediaType is not an object', () => {
      for (const mediaType of [null, 'x', 1]) {
        assert.throws(() => sut('POST /graphql', { mediaType: mediaType as never }), error);
      }
    });

    it('throws a TypeError when the defaults mediaType is not an object', () => {
      const chain = endpoint.defaults({ mediaType: null as never });
      assert.throws(() => chain.merge('POST /graphql', { mediaType: { previews: [] } }), error);
    });

    it('reads no previews from a primitive defaults mediaType', () => {
      const chain = endpoint.defaults({ mediaType: 0 as never });
      assert.deepEqual(chain.merge('POST /graphql', { mediaType: { previews: ['a-preview'] } }).mediaType, {
        previews: ['a'],
      });
    });

    it('throws a TypeError when the defaults previews are not an array', () => {
      const chain = endpoint.defaults({ mediaType: { previews: 'ab' as never } });
      assert.throws(() => chain.merge('POST /graphql', { mediaType: { previews: ['c'] } }), error);
    });

    it('throws a TypeError when the defaults have previews and the merged previews are missing', () => {
      const chain = endpoint.defaults({ mediaType: { previews: ['a'] } });
      assert.throws(() => chain.merge('POST /graphql', { mediaType: { previews: undefined } }), error);
    });

    it('a string of previews is filtered against the defaults like the reference does', () => {
      const chain = endpoint.defaults({ mediaType: { previews: ['fo', 'x'] } });
      assert.deepEqual(
        chain.merge('POST /graphql', { mediaType: { previews: 'foo-preview' as never } }).mediaType.previews,
        ['x', 'foo'],
      );
    });

    it('works without defaults (merge(null, ...), as the root level is built)', () => {
      assert.deepEqual(merge(null, { url: '/graphql', mediaType: { previews: ['a-preview'] } }).mediaType, {
        previews: ['a'],
      });
      assert.throws(() => merge(null, 'POST /graphql'), error);
    });

    it('falsy previews count as none', () => {
      assert.deepEqual(sut('POST /graphql', { mediaType: { previews: '' as never } }).mediaType.previews, []);
    });
  });
});
