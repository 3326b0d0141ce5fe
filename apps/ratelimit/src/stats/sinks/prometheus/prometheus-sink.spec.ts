import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectDefaultMetrics } from 'prom-client';
import { DEFAULT_MAPPING_YAML } from './default-mapping';
import { MetricMapper } from './metric-mapper';
import { parseMapperConfig } from './parse-mapper-config';
import { PrometheusSink } from './prometheus-sink';
import { StatsService } from '../../stats.service';

const sink = (options: { yaml?: string; extraTags?: Record<string, string>; asMs?: boolean } = {}) =>
  new PrometheusSink({
    mapper: new MetricMapper(parseMapperConfig(options.yaml ?? DEFAULT_MAPPING_YAML, 'test')),
    extraTags: options.extraTags ?? {},
    responseTimeAsMilliseconds: options.asMs ?? false,
  });

/** The sample lines of one metric family (no HELP/TYPE). */
async function samples(sut: PrometheusSink, family: string): Promise<string[]> {
  const text = await sut.metrics.registry.metrics();
  return text.split('\n').filter((line) => line.startsWith(family) && !line.startsWith('#'));
}

describe(PrometheusSink.name, () => {
  it('exports mapped counters as counters with the mapping labels, adding up the flushed deltas', async () => {
    const sut = sink();
    sut.flushCounter('ratelimit.service.rate_limit.rl.foo.total_hits', 3);
    sut.flushCounter('ratelimit.service.rate_limit.rl.foo.bar.total_hits', 1);
    sut.flushCounter('ratelimit.service.rate_limit.rl.foo.total_hits', 2);
    const text = await sut.metrics.registry.metrics();
    assert.match(text, /# TYPE ratelimit_service_rate_limit_total_hits counter\n/);
    assert.deepEqual(await samples(sut, 'ratelimit_service_rate_limit_total_hits'), [
      'ratelimit_service_rate_limit_total_hits{domain="rl",key1="foo"} 5',
      'ratelimit_service_rate_limit_total_hits{domain="rl",key1="foo",key2="bar"} 1',
    ]);
  });

  it("maps an item of a rate_limits node as its node's stat with a `limit` label (built-in mapping)", async () => {
    const stats = new StatsService(100);
    stats.limitItemStats('rl.account.daily', 'daily');
    stats.limitItemStats('rl.path_/api.account.per_second', 'per_second');
    const sut = new PrometheusSink({
      mapper: new MetricMapper(parseMapperConfig(DEFAULT_MAPPING_YAML, 'test')),
      extraTags: { env: 'prod' },
      responseTimeAsMilliseconds: false,
      limitItemOf: (name) => stats.limitItemOf(name),
    });
    sut.flushCounter('ratelimit.service.rate_limit.rl.account.total_hits', 3);
    sut.flushCounter('ratelimit.service.rate_limit.rl.account.daily.total_hits', 3);
    sut.flushCounter('ratelimit.service.rate_limit.rl.path_/api.account.total_hits', 1);
    sut.flushCounter('ratelimit.service.rate_limit.rl.path_/api.account.per_second.total_hits.__env=prod', 1);
    // a descriptor level that happens to look like an item is not one
    sut.flushCounter('ratelimit.service.rate_limit.rl.account.per_second.total_hits', 2);
    assert.deepEqual(await samples(sut, 'ratelimit_service_rate_limit_total_hits'), [
      'ratelimit_service_rate_limit_total_hits{env="prod",domain="rl",key1="account"} 3',
      'ratelimit_service_rate_limit_total_hits{env="prod",domain="rl",key1="account",limit="daily"} 3',
      'ratelimit_service_rate_limit_total_hits{env="prod",domain="rl",key1="path_/api",key2="account"} 1',
      'ratelimit_service_rate_limit_total_hits{env="prod",domain="rl",key1="account",key2="per_second"} 2',
      'ratelimit_service_rate_limit_total_hits{env="prod",domain="rl",key1="path_/api",key2="account",limit="per_second"} 1',
    ]);
  });

  it('observes response_time in seconds into the histogram (milliseconds on request)', async () => {
    const sut = sink();
    sut.flushTimer('ratelimit_server.ShouldRateLimit.response_time', 1000);
    const lines = await samples(sut, 'ratelimit_service_response_time_seconds');
    assert.ok(lines.includes('ratelimit_service_response_time_seconds_sum{grpc_method="ShouldRateLimit"} 1'));
    assert.ok(
      lines.includes('ratelimit_service_response_time_seconds_count{grpc_method="ShouldRateLimit"} 1'),
    );
    assert.ok(
      lines.includes(
        'ratelimit_service_response_time_seconds_bucket{le="1",grpc_method="ShouldRateLimit"} 1',
      ),
    );
    const legacy = sink({ asMs: true });
    legacy.flushTimer('ratelimit_server.ShouldRateLimit.response_time', 1000);
    assert.ok(
      (await samples(legacy, 'ratelimit_service_response_time_seconds')).includes(
        'ratelimit_service_response_time_seconds_sum{grpc_method="ShouldRateLimit"} 1000',
      ),
    );
  });

  it('exports unmapped stats under their escaped names, inline tags and EXTRA_TAGS as labels', async () => {
    const sut = sink({ extraTags: { env: 'prod' } });
    sut.flushGauge('ratelimit.redis_pool.cx_active', 2);
    sut.flushCounter('ratelimit.memcache.multiget.__code=error', 1);
    sut.flushCounter('ratelimit.service.config_load_success', 1);
    assert.deepEqual(await samples(sut, 'ratelimit_redis_pool_cx_active'), [
      'ratelimit_redis_pool_cx_active{env="prod"} 2',
    ]);
    assert.deepEqual(await samples(sut, 'ratelimit_memcache_multiget'), [
      'ratelimit_memcache_multiget{code="error",env="prod"} 1',
    ]);
    assert.deepEqual(await samples(sut, 'ratelimit_service_config_load_success'), [
      'ratelimit_service_config_load_success{env="prod"} 1',
    ]);
  });

  it('drops what a drop mapping matches and refuses a name already taken by another type', async () => {
    const sut = sink({
      yaml: `
mappings:
  - match: ratelimit.go.*
    name: dropped
    action: drop
  - match: a.*
    name: shared
`,
    });
    sut.flushCounter('ratelimit.go.mallocs', 5);
    sut.flushCounter('a.x', 1);
    sut.flushGauge('a.y', 3);
    assert.equal((await sut.metrics.registry.metrics()).includes('mallocs'), false);
    assert.deepEqual(await samples(sut, 'shared'), ['shared 1']);
    assert.equal(sut.conflicts, 1);
  });

  it("refuses a name taken by one of prom-client's default process metrics in its registry", async () => {
    const sut = sink({ yaml: 'mappings:\n  - match: fds.*\n    name: process_open_fds\n' });
    collectDefaultMetrics({ register: sut.metrics.registry });
    sut.flushGauge('fds.open', 3);
    sut.flushGauge('other.gauge', 4);
    assert.equal(sut.conflicts, 1);
    assert.deepEqual(await samples(sut, 'other_gauge'), ['other_gauge 4']);
    const fds = await sut.metrics.registry.getSingleMetric('process_open_fds')?.get();
    assert.equal(fds?.help, 'Number of open file descriptors.');
  });

  it('unmapped timers are summaries with the default quantiles', async () => {
    const sut = sink({ yaml: '' });
    sut.flushTimer('some.timer', 500);
    const text = await sut.metrics.registry.metrics();
    assert.match(text, /# TYPE some_timer summary\n/);
    assert.match(text, /some_timer\{quantile="0.5"\} 0.5\n/);
  });
});
