import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_MAPPING_YAML } from './default-mapping';
import { MetricMapper } from './metric-mapper';
import { parseMapperConfig } from './parse-mapper-config';
import type { StatType } from './mapper-config';

const sut = new MetricMapper(parseMapperConfig(DEFAULT_MAPPING_YAML, 'built-in mapping'));
const map = (name: string, type: StatType = 'counter') => {
  const mapped = sut.map(name, type);
  return mapped && { name: mapped.name, labels: mapped.labels, observerType: mapped.observerType };
};

describe('built-in Prometheus mapping (the reference README statsd_exporter mapping)', () => {
  for (const stat of ['near_limit', 'over_limit', 'total_hits', 'within_limit', 'shadow_mode']) {
    it(`${stat}: domain + key1, domain + key1 + key2, deeper keys keep the first two levels`, () => {
      const name = `ratelimit_service_rate_limit_${stat}`;
      assert.deepEqual(map(`ratelimit.service.rate_limit.rl.foo_bar.${stat}`), {
        name,
        labels: { domain: 'rl', key1: 'foo_bar' },
        observerType: 'histogram',
      });
      assert.deepEqual(map(`ratelimit.service.rate_limit.rl.foo.bar_baz.${stat}`)?.labels, {
        domain: 'rl',
        key1: 'foo',
        key2: 'bar_baz',
      });
      assert.deepEqual(map(`ratelimit.service.rate_limit.rl.a.b.c.d.${stat}`)?.labels, {
        domain: 'rl',
        key1: 'a',
        key2: 'b',
      });
    });
  }

  it('service counters and the response time histogram', () => {
    assert.deepEqual(map('ratelimit.service.call.should_rate_limit.redis_error'), {
      name: 'ratelimit_service_should_rate_limit_error',
      labels: { err_type: 'redis_error' },
      observerType: 'summary',
    });
    assert.deepEqual(map('ratelimit_server.ShouldRateLimit.total_requests')?.labels, {
      grpc_method: 'ShouldRateLimit',
    });
    assert.equal(
      map('ratelimit_server.ShouldRateLimit.total_requests')?.name,
      'ratelimit_service_total_requests',
    );
    assert.deepEqual(map('ratelimit_server.ShouldRateLimit.response_time', 'observer'), {
      name: 'ratelimit_service_response_time_seconds',
      labels: { grpc_method: 'ShouldRateLimit' },
      observerType: 'histogram',
    });
    assert.equal(map('ratelimit.service.config_load_success')?.name, 'ratelimit_service_config_load_success');
    assert.equal(map('ratelimit.service.config_load_error')?.name, 'ratelimit_service_config_load_error');
  });

  it('leaves other stats unmapped (exported under their escaped statsd names)', () => {
    assert.equal(map('ratelimit.service.rate_limit.rl.domain_not_found'), undefined);
    assert.equal(map('ratelimit.service.rate_limit.rl.foo.over_limit_with_local_cache'), undefined);
    assert.equal(map('ratelimit.service.global_shadow_mode'), undefined);
  });
});
