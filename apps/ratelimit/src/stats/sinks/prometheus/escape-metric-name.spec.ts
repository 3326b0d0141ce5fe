import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeMetricName } from './escape-metric-name';

describe(escapeMetricName.name, () => {
  it('replaces what Prometheus names cannot hold with _ (statsd_exporter EscapeMetricName)', () => {
    assert.equal(escapeMetricName('ratelimit.redis_pool.cx_active'), 'ratelimit_redis_pool_cx_active');
    assert.equal(
      escapeMetricName('ratelimit.service.rate_limit.my-rl.key_*.total_hits'),
      'ratelimit_service_rate_limit_my_rl_key___total_hits',
    );
    assert.equal(escapeMetricName('a--b'), 'a_b');
    assert.equal(escapeMetricName('9lives'), '_9lives');
  });
});
