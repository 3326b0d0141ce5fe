import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { splitInlineTags, withExtraTags } from './inline-tags';

describe(splitInlineTags.name, () => {
  it('separates gostats inline tags from the name, dropping malformed pairs (godogstats separateTags)', () => {
    assert.deepEqual(splitInlineTags('ratelimit.service.rate_limit.mongo_cps.database_users.total_hits'), {
      base: 'ratelimit.service.rate_limit.mongo_cps.database_users.total_hits',
      tags: [],
    });
    assert.deepEqual(splitInlineTags('a.total_hits.__COMMIT=12345.__DEPLOY=6890'), {
      base: 'a.total_hits',
      tags: [
        ['COMMIT', '12345'],
        ['DEPLOY', '6890'],
      ],
    });
    assert.deepEqual(splitInlineTags('a.total_hits.__COMMIT'), { base: 'a.total_hits', tags: [] });
  });
});

describe(withExtraTags.name, () => {
  it('leaves the name alone without extra tags', () => {
    assert.equal(
      withExtraTags('ratelimit.memcache.multiget.__code=error', {}),
      'ratelimit.memcache.multiget.__code=error',
    );
  });

  it('appends EXTRA_TAGS sorted by key, merged with the stat own tags, values sanitised like gostats', () => {
    assert.equal(
      withExtraTags('ratelimit.memcache.multiget.__code=error', { team: 'edge', env: 'prod.eu:1|x' }),
      'ratelimit.memcache.multiget.__code=error.__env=prod_eu_1_x.__team=edge',
    );
  });

  it('keeps the stat own value when a tag key repeats', () => {
    assert.equal(withExtraTags('s.__code=ok', { code: 'extra' }), 's.__code=ok');
  });
});
