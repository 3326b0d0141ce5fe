import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MogrifierMap } from './mogrifier-map';

describe(MogrifierMap.name, () => {
  const sut = new MogrifierMap([
    {
      name: 'A',
      pattern: String.raw`^ratelimit\.service\.rate_limit\.([^.]+)\.(.*)\.([^.]+)$`,
      metricName: 'ratelimit.service.rate_limit.$3',
      tags: { domain: '$1', descriptor: '$2' },
    },
    { name: 'B', pattern: String.raw`^ratelimit\.(.*)$`, metricName: 'custom.$1', tags: { tag1: 'value1' } },
  ]);

  it('renames with the first matching mogrifier in list order and adds its tags with $n groups', () => {
    assert.deepEqual(sut.mogrify('ratelimit.service.rate_limit.mongo_cps.database_users.total_hits'), {
      name: 'ratelimit.service.rate_limit.total_hits',
      tags: ['domain:mongo_cps', 'descriptor:database_users'],
    });
    assert.deepEqual(sut.mogrify('ratelimit.service.config_load_success'), {
      name: 'custom.service.config_load_success',
      tags: ['tag1:value1'],
    });
  });

  it('leaves names no pattern matches unchanged, without tags', () => {
    assert.deepEqual(sut.mogrify('other.metric.name'), { name: 'other.metric.name', tags: [] });
  });

  it('matches unanchored, like Go FindStringSubmatch, and $0 is the whole match', () => {
    const unanchored = new MogrifierMap([
      { name: 'X', pattern: 'total_(hits)', metricName: '$0.$1', tags: {} },
    ]);
    assert.equal(unanchored.mogrify('a.total_hits.b').name, 'total_hits.hits');
  });
});
