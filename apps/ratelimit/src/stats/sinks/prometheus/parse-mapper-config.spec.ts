import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_BUCKETS, DEFAULT_QUANTILES } from './mapper-config';
import { parseMapperConfig } from './parse-mapper-config';

const SOURCE = 'PULLSTATS_MAPPER_YAML=/etc/map.yaml';
const parse = (text: string) => parseMapperConfig(text, SOURCE);
const failure = (text: string) => {
  try {
    parse(text);
  } catch (error) {
    assert.equal((error as Error).name, 'MapperConfigError');
    return (error as Error).message;
  }
  return assert.fail('no error');
};

describe(parseMapperConfig.name, () => {
  it('reads mappings with statsd_exporter defaults (glob, summary, DefBuckets, 0.5/0.9/0.99)', () => {
    const sut = parse(`
mappings:
  - match: ratelimit_server.*.response_time
    name: ratelimit_service_response_time_seconds
    timer_type: histogram
    labels: { grpc_method: "$1" }
  - match: 'ratelimit\\.service\\.(.*)'
    match_type: regex
    name: svc_$1
    match_metric_type: counter
    action: drop
`);
    assert.equal(sut.observerType, 'summary');
    assert.deepEqual(sut.buckets, DEFAULT_BUCKETS);
    assert.deepEqual(sut.quantiles, DEFAULT_QUANTILES);
    assert.deepEqual(
      sut.mappings.map(({ match, matchType, matchMetricType, action, observerType, labels }) => ({
        match,
        matchType,
        matchMetricType,
        action,
        observerType,
        labels,
      })),
      [
        {
          match: 'ratelimit_server.*.response_time',
          matchType: 'glob',
          matchMetricType: undefined,
          action: 'map',
          observerType: 'histogram',
          labels: { grpc_method: '$1' },
        },
        {
          match: String.raw`ratelimit\.service\.(.*)`,
          matchType: 'regex',
          matchMetricType: 'counter',
          action: 'drop',
          observerType: undefined,
          labels: {},
        },
      ],
    );
  });

  it('reads defaults and per-mapping histogram buckets and summary quantiles', () => {
    const sut = parse(`
defaults:
  observer_type: histogram
  match_type: regex
  histogram_options: { buckets: [1, 0.1] }
  ttl: 10m
mappings:
  - match: 'a\\.(.*)'
    name: a
    observer_type: summary
    summary_options: { quantiles: [{ quantile: 0.5, error: 0.1 }] }
`);
    assert.equal(sut.observerType, 'histogram');
    assert.deepEqual(sut.buckets, [0.1, 1]);
    assert.equal(sut.mappings[0].matchType, 'regex');
    assert.deepEqual(sut.mappings[0].quantiles, [{ quantile: 0.5, error: 0.1 }]);
  });

  it('accepts an empty file (no mappings: every stat is exported under its escaped name)', () => {
    assert.deepEqual(parse('').mappings, []);
  });

  it('reports each invalid file with the setting, the mapping and the reason', () => {
    assert.match(failure('mappings: [\n'), /^PULLSTATS_MAPPER_YAML=\/etc\/map.yaml: not valid YAML: /);
    assert.equal(failure('mappings: {}'), `${SOURCE}: \`mappings\` must be a list`);
    assert.equal(failure('mappings:\n  - name: x'), `${SOURCE}: mapping 1: \`match\` is required`);
    assert.equal(
      failure('mappings:\n  - match: a.b'),
      `${SOURCE}: mapping 1: (match "a.b") metric mapping didn't set a metric name`,
    );
    assert.equal(
      failure('mappings:\n  - match: a.b\n    name: x\n  - match: a..b\n    name: y'),
      `${SOURCE}: mapping 2: (match "a..b") invalid glob match: dot-separated names or \`*\``,
    );
    assert.match(
      failure("mappings:\n  - match: 'a(('\n    match_type: regex\n    name: x"),
      /^PULLSTATS_MAPPER_YAML=\/etc\/map.yaml: mapping 1: \(match "a\(\("\) invalid regex a\(\(: /,
    );
    assert.equal(
      failure('mappings:\n  - match: a.*\n    name: x\n    labels: { "bad-label": "$1" }'),
      `${SOURCE}: mapping 1: (match "a.*") invalid label key: bad-label`,
    );
    assert.equal(
      failure('mappings:\n  - match: a.*\n    name: x\n    lables: {}'),
      `${SOURCE}: mapping 1: unknown key 'lables' in a mapping`,
    );
    assert.equal(
      failure('mappings:\n  - match: a.*\n    name: x\n    observer_type: gauge'),
      `${SOURCE}: mapping 1: (match "a.*") this mapping: observer_type must be histogram or summary, got "gauge"`,
    );
    assert.equal(
      failure('mappings:\n  - match: a.*\n    name: 1x'),
      `${SOURCE}: mapping 1: (match "a.*") metric name '1x' is not a valid Prometheus name (with $n references)`,
    );
  });
});
