import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { issuesOf } from '../../test/support/settings-error-of';
import { parseSettings } from './settings';

const SINK_HINT =
  'at most one stats sink may be enabled (pushstats/statsd, taggedstats/dogstatsd, pullstats/prometheus); USE_PUSHSTATS (USE_STATSD) defaults to true: set USE_PUSHSTATS=false to use taggedstats or pullstats';

describe('stats sink (USE_PUSHSTATS, USE_TAGGEDSTATS, USE_PULLSTATS, DISABLE_STATS)', () => {
  it('picks the one enabled sink, stdout when none, disabled with DISABLE_STATS', () => {
    assert.equal(parseSettings({}).stats.sink, 'pushstats');
    assert.equal(parseSettings({ USE_STATSD: 'false' }).stats.sink, 'stdout');
    assert.equal(parseSettings({ USE_PUSHSTATS: 'false', USE_PROMETHEUS: 'true' }).stats.sink, 'pullstats');
    assert.equal(
      parseSettings({ USE_PUSHSTATS: 'false', USE_TAGGEDSTATS: 'true' }).stats.sink,
      'taggedstats',
    );
    assert.equal(parseSettings({ DISABLE_STATS: 'true', USE_PULLSTATS: 'true' }).stats.sink, 'disabled');
  });

  it('refuses tagged or pull stats while USE_PUSHSTATS keeps its default true', () => {
    assert.deepEqual(issuesOf({ USE_PULLSTATS: 'true' }), [
      `USE_PUSHSTATS=true, USE_PULLSTATS=true: ${SINK_HINT}`,
    ]);
    assert.deepEqual(issuesOf({ USE_DOG_STATSD: 'true' }), [
      `USE_PUSHSTATS=true, USE_DOG_STATSD=true: ${SINK_HINT}`,
    ]);
  });

  it('refuses tagged and pull together', () => {
    assert.deepEqual(issuesOf({ USE_STATSD: 'false', USE_TAGGEDSTATS: 't', USE_PULLSTATS: 't' }), [
      'USE_TAGGEDSTATS=t, USE_PULLSTATS=t: at most one stats sink may be enabled (pushstats/statsd, taggedstats/dogstatsd, pullstats/prometheus)',
    ]);
  });

  it('rejects USE_PUSHSTATS and USE_STATSD set to different values', () => {
    assert.deepEqual(issuesOf({ USE_PUSHSTATS: 'true', USE_STATSD: 'false' }), [
      'USE_PUSHSTATS=true, USE_STATSD=false: both are set to different values; set only one (USE_STATSD is another name of USE_PUSHSTATS)',
    ]);
  });
});

describe('stats options (STATSD_*, PULLSTATS_*, EXTRA_TAGS, STATS_*)', () => {
  it('reads statsd, pull (incl. PROMETHEUS_* aliases), tags, flush interval and key cap', () => {
    const sut = parseSettings({
      USE_STATSD: 'false',
      USE_PROMETHEUS: 'true',
      STATSD_HOST: 'statsd',
      STATSD_PORT: '9125',
      PROMETHEUS_ADDR: ':9102',
      PROMETHEUS_PATH: '/m',
      PROMETHEUS_MAPPER_YAML: '/etc/map.yaml',
      PROMETHEUS_RESPONSE_TIME_AS_MILLISECONDS: 'true',
      EXTRA_TAGS: 'env:prod,team:edge',
      STATS_FLUSH_INTERVAL: '1s',
      STATS_MAX_KEYS: '50',
    }).stats;
    assert.deepEqual(sut, {
      sink: 'pullstats',
      statsd: { host: 'statsd', port: 9125 },
      tagged: { mogrifiers: [] },
      pull: { addr: ':9102', path: '/m', mapperYaml: '/etc/map.yaml', responseTimeAsMilliseconds: true },
      flushIntervalMs: 1000,
      extraTags: { env: 'prod', team: 'edge' },
      maxKeys: 50,
    });
  });

  it('rejects a PULLSTATS_PATH that is not a literal path while pull stats are on', () => {
    const pull = { USE_PUSHSTATS: 'false', USE_PULLSTATS: 'true' };
    const reason =
      "must be a path starting with / made of letters, digits and -._~!$&'+,;=@%/ (no : * ? # or spaces), not ending in /, e.g. /metrics";
    assert.deepEqual(issuesOf({ ...pull, PULLSTATS_PATH: 'metrics' }), [`PULLSTATS_PATH=metrics: ${reason}`]);
    assert.deepEqual(issuesOf({ ...pull, PROMETHEUS_PATH: '/stats/:name' }), [
      `PROMETHEUS_PATH=/stats/:name: ${reason}`,
    ]);
    assert.deepEqual(issuesOf({ ...pull, PULLSTATS_PATH: '/metrics/' }), [
      `PULLSTATS_PATH=/metrics/: ${reason}`,
    ]);
    for (const path of ['/', '/prom/metrics_v1.txt']) {
      assert.equal(parseSettings({ ...pull, PULLSTATS_PATH: path }).stats.pull.path, path);
    }
    assert.equal(parseSettings({ PULLSTATS_PATH: 'metrics' }).stats.pull.path, 'metrics');
  });

  it('rejects a malformed tag list and a zero key cap', () => {
    assert.deepEqual(issuesOf({ EXTRA_TAGS: 'env', STATS_MAX_KEYS: '0' }), [
      "EXTRA_TAGS=env: invalid map item 'env' (expected key:value)",
      'STATS_MAX_KEYS=0: must be >= 1',
    ]);
  });
});

describe('mogrifiers (TAGGEDSTATS_MOGRIFIER_<N>_*)', () => {
  const tagged = { USE_PUSHSTATS: 'false', USE_TAGGEDSTATS: 'true' };

  it('reads each listed mogrifier under every accepted spelling', () => {
    const sut = parseSettings({
      ...tagged,
      TAGGEDSTATS_MOGRIFIERS: 'A,B,C',
      TAGGEDSTATS_MOGRIFIER_A_PATTERN: '^ratelimit\\.service\\.rate_limit\\.(.*)\\.total_hits$',
      TAGGEDSTATS_MOGRIFIER_A_NAME: 'ratelimit.total_hits',
      TAGGEDSTATS_MOGRIFIER_A_TAGS: 'key:$1',
      TAGGEDSTATS_MOGRIFIERS_B_PATTERN: 'b',
      TAGGEDSTATS_MOGRIFIERS_B_NAME: 'bee',
      DOG_STATSD_MOGRIFIER_C_PATTERN: 'c',
      DOG_STATSD_MOGRIFIER_C_NAME: 'sea',
      DOG_STATSD_MOGRIFIER_C_TAGS: 'x:1,y:$1',
    }).stats.tagged.mogrifiers;
    assert.deepEqual(sut, [
      {
        name: 'A',
        pattern: '^ratelimit\\.service\\.rate_limit\\.(.*)\\.total_hits$',
        metricName: 'ratelimit.total_hits',
        tags: { key: '$1' },
      },
      { name: 'B', pattern: 'b', metricName: 'bee', tags: {} },
      { name: 'C', pattern: 'c', metricName: 'sea', tags: { x: '1', y: '$1' } },
    ]);
  });

  it('accepts the Envoy list name USE_DOG_STATSD_MOGRIFIERS', () => {
    const env = { ...tagged, USE_DOG_STATSD_MOGRIFIERS: 'A', DOG_STATSD_MOGRIFIER_A_PATTERN: 'a' };
    assert.equal(
      parseSettings({ ...env, DOG_STATSD_MOGRIFIER_A_NAME: 'n' }).stats.tagged.mogrifiers.length,
      1,
    );
  });

  it('reports a listed mogrifier without PATTERN or NAME, a bad regex and empty tag values', () => {
    assert.deepEqual(
      issuesOf({
        ...tagged,
        TAGGEDSTATS_MOGRIFIERS: 'A,B',
        TAGGEDSTATS_MOGRIFIER_A_NAME: 'n',
        TAGGEDSTATS_MOGRIFIER_B_PATTERN: '(',
        TAGGEDSTATS_MOGRIFIER_B_TAGS: 'k:',
      }),
      [
        "TAGGEDSTATS_MOGRIFIERS=A,B: mogrifier 'A' needs TAGGEDSTATS_MOGRIFIER_A_PATTERN (regular expression)",
        'TAGGEDSTATS_MOGRIFIER_B_PATTERN=(: invalid regular expression',
        "TAGGEDSTATS_MOGRIFIERS=A,B: mogrifier 'B' needs TAGGEDSTATS_MOGRIFIER_B_NAME (metric name)",
        "TAGGEDSTATS_MOGRIFIER_B_TAGS=k:: tag 'k' has no value",
      ],
    );
  });

  it('rejects two spellings of one mogrifier variable with different values', () => {
    assert.deepEqual(
      issuesOf({
        ...tagged,
        TAGGEDSTATS_MOGRIFIERS: 'A',
        TAGGEDSTATS_MOGRIFIER_A_PATTERN: 'a',
        DOG_STATSD_MOGRIFIER_A_PATTERN: 'b',
        TAGGEDSTATS_MOGRIFIER_A_NAME: 'n',
      }),
      [
        'TAGGEDSTATS_MOGRIFIER_A_PATTERN=a, DOG_STATSD_MOGRIFIER_A_PATTERN=b: both are set to different values; set only one (DOG_STATSD_MOGRIFIER_A_PATTERN is another name of TAGGEDSTATS_MOGRIFIER_A_PATTERN)',
      ],
    );
  });

  it('ignores mogrifier variables while tagged stats are off (as Envoy does)', () => {
    assert.deepEqual(parseSettings({ TAGGEDSTATS_MOGRIFIERS: 'A' }).stats.tagged.mogrifiers, []);
  });
});

describe('limits (CACHE_KEY_PREFIX, NEAR_LIMIT_RATIO, LOCAL_CACHE_SIZE_IN_BYTES, ...)', () => {
  it('reads every variable', () => {
    const sut = parseSettings({
      CACHE_KEY_PREFIX: 'rl_',
      EXPIRATION_JITTER_MAX_SECONDS: '0',
      LOCAL_CACHE_SIZE_IN_BYTES: '1048576',
      NEAR_LIMIT_RATIO: '0.9',
      STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: 'true',
      SHADOW_MODE: 'true',
      QUOTA_MODE: 'true',
      CACHED_COUNTING_FLUSH_INTERVAL: '1.5s',
      CACHED_COUNTING_MAX_KEYS: '500',
    }).limits;
    assert.deepEqual(sut, {
      cacheKeyPrefix: 'rl_',
      expirationJitterMaxSeconds: 0,
      localCacheSizeBytes: 1_048_576,
      nearLimitRatio: 0.9,
      stopCacheKeyIncrementWhenOverlimit: true,
      shadowMode: true,
      quotaMode: true,
      cachedCounting: { flushIntervalMs: 1500, maxKeys: 500 },
    });
  });

  it('accepts the spelling LocalCacheSizeInBytes', () => {
    assert.equal(parseSettings({ LocalCacheSizeInBytes: '2048' }).limits.localCacheSizeBytes, 2048);
  });

  it('cached counting: flush every 250 ms, 10,000 keys per store by default; a period under 1 ms and 0 keys are refused', () => {
    assert.deepEqual(parseSettings({}).limits.cachedCounting, { flushIntervalMs: 250, maxKeys: 10_000 });
    assert.deepEqual(issuesOf({ CACHED_COUNTING_FLUSH_INTERVAL: '0', CACHED_COUNTING_MAX_KEYS: '0' }), [
      'CACHED_COUNTING_FLUSH_INTERVAL=0: must be at least 1ms',
      'CACHED_COUNTING_MAX_KEYS=0: must be >= 1',
    ]);
    assert.deepEqual(issuesOf({ CACHED_COUNTING_FLUSH_INTERVAL: '500us' }), [
      'CACHED_COUNTING_FLUSH_INTERVAL=500us: must be at least 1ms',
    ]);
  });

  it('keeps NEAR_LIMIT_RATIO within 0..1', () => {
    assert.deepEqual(issuesOf({ NEAR_LIMIT_RATIO: '-0.1' }), [
      'NEAR_LIMIT_RATIO=-0.1: must be between 0 and 1',
    ]);
  });
});

describe('response (LIMIT_*_HEADER, RESPONSE_DYNAMIC_METADATA)', () => {
  it('reads every variable', () => {
    const sut = parseSettings({
      LIMIT_RESPONSE_HEADERS_ENABLED: 'true',
      LIMIT_LIMIT_HEADER: 'X-Limit',
      LIMIT_REMAINING_HEADER: 'X-Remaining',
      LIMIT_RESET_HEADER: 'X-Reset',
      RESPONSE_DYNAMIC_METADATA: 'true',
    }).response;
    assert.deepEqual(sut, {
      headersEnabled: true,
      limitHeader: 'X-Limit',
      remainingHeader: 'X-Remaining',
      resetHeader: 'X-Reset',
      dynamicMetadata: true,
    });
  });
});
