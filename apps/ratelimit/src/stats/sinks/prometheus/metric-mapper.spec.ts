import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MetricMapper } from './metric-mapper';
import { parseMapperConfig } from './parse-mapper-config';

const mapper = (yaml: string) => new MetricMapper(parseMapperConfig(yaml, 'test'));

describe(MetricMapper.name, () => {
  it('glob: `*` is one dot-separated component, $n are its captures', () => {
    const sut = mapper(`
mappings:
  - match: ratelimit.service.rate_limit.*.*.total_hits
    name: hits_$1
    labels: { domain: "$1", key1: "$2", both: "\${1}-$2" }
`);
    const mapped = sut.map('ratelimit.service.rate_limit.rl.foo_bar.total_hits', 'counter');
    assert.equal(mapped?.name, 'hits_rl');
    assert.deepEqual(mapped?.labels, { domain: 'rl', key1: 'foo_bar', both: 'rl-foo_bar' });
    assert.equal(sut.map('ratelimit.service.rate_limit.rl.a.b.total_hits', 'counter'), undefined);
  });

  it('globs win over regexes; each kind takes the first match in file order', () => {
    const sut = mapper(`
mappings:
  - match: 'a\\.(.*)'
    match_type: regex
    name: regex_first
  - match: a.*
    name: glob_first
  - match: a.*
    name: glob_second
`);
    assert.equal(sut.map('a.b', 'counter')?.name, 'glob_first');
    assert.equal(sut.map('a.b.c', 'counter')?.name, 'regex_first');
  });

  it('regex: unanchored match, Go ExpandString references ($1, ${1}, named groups, $$)', () => {
    const sut = mapper(`
mappings:
  - match: 'rate_limit\\.(?P<domain>[^.]+)\\.(.*)\\.over_limit'
    match_type: regex
    name: 'over_\${1}_x'
    labels: { domain: "$domain", rest: "$2", literal: "$$1", unknown: "$1x" }
`);
    const mapped = sut.map('ratelimit.service.rate_limit.rl.k1_v1.k2.over_limit', 'counter');
    assert.equal(mapped?.name, 'over_rl_x');
    assert.deepEqual(mapped?.labels, { domain: 'rl', rest: 'k1_v1.k2', literal: '$1', unknown: '' });
  });

  it('match_metric_type restricts a mapping to one stat type', () => {
    const sut = mapper(`
mappings:
  - match: ratelimit_server.*.total_requests
    name: total
    match_metric_type: counter
`);
    assert.equal(sut.map('ratelimit_server.Check.total_requests', 'counter')?.name, 'total');
    assert.equal(sut.map('ratelimit_server.Check.total_requests', 'gauge'), undefined);
  });

  it('observer settings come from the mapping, else from the defaults', () => {
    const sut = mapper(`
defaults: { observer_type: histogram, buckets: [1, 2] }
mappings:
  - match: a.*
    name: a
  - match: b.*
    name: b
    observer_type: summary
`);
    assert.deepEqual(
      [sut.map('a.x', 'observer')?.observerType, sut.map('a.x', 'observer')?.buckets],
      ['histogram', [1, 2]],
    );
    assert.equal(sut.map('b.x', 'observer')?.observerType, 'summary');
    assert.deepEqual(sut.defaults.observerType, 'histogram');
  });
});
