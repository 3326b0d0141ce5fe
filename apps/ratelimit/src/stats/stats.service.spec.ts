import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_STATS_KEY_LENGTH, OVERFLOW_STATS_KEY, StatsService } from './stats.service';

const names = (sut: StatsService) => [...sut.store.counters()].map((counter) => counter.name).sort();

describe(StatsService.name, () => {
  it('service counters exist from the start with the reference names', () => {
    const sut = new StatsService(10);
    assert.deepEqual(names(sut), [
      'ratelimit.service.call.should_rate_limit.redis_error',
      'ratelimit.service.call.should_rate_limit.service_error',
      'ratelimit.service.config_load_error',
      'ratelimit.service.config_load_success',
      'ratelimit.service.global_shadow_mode',
    ]);
    assert.equal(sut.configLoadSuccess.name, 'ratelimit.service.config_load_success');
    assert.equal(
      sut.shouldRateLimitError('redis_error').name,
      'ratelimit.service.call.should_rate_limit.redis_error',
    );
    assert.equal(
      sut.shouldRateLimitError('service_error').name,
      'ratelimit.service.call.should_rate_limit.service_error',
    );
  });

  it('the six per-limit counters: ratelimit.service.rate_limit.<statsKey>.<stat>', () => {
    const stats = new StatsService(10).limitStats('messaging.message_type_marketing.to_number');
    const base = 'ratelimit.service.rate_limit.messaging.message_type_marketing.to_number.';
    assert.deepEqual(
      [
        stats.totalHits,
        stats.overLimit,
        stats.nearLimit,
        stats.withinLimit,
        stats.shadowMode,
        stats.overLimitWithLocalCache,
      ].map((counter) => counter.name),
      [
        'total_hits',
        'over_limit',
        'near_limit',
        'within_limit',
        'shadow_mode',
        'over_limit_with_local_cache',
      ].map((stat) => base + stat),
    );
  });

  it('stats keys are sanitized; the same key returns the same counters', () => {
    const sut = new StatsService(10);
    const stats = sut.limitStats('d.remote_address_10.0.0.1:80');
    assert.equal(
      stats.totalHits.name,
      'ratelimit.service.rate_limit.d.remote_address_10_0_0_1_80.total_hits',
    );
    assert.equal(sut.limitStats('d.remote_address_10.0.0.1:80'), stats);
  });

  it('domain_not_found per domain: ratelimit.service.rate_limit.<domain>.domain_not_found', () => {
    const sut = new StatsService(10);
    assert.equal(sut.domainNotFound('nope').name, 'ratelimit.service.rate_limit.nope.domain_not_found');
    assert.equal(sut.domainNotFound('nope'), sut.domainNotFound('nope'));
  });

  it('gRPC method stats: ratelimit_server.<Method>.total_requests and .response_time', () => {
    const sut = new StatsService(10);
    assert.equal(
      sut.serverTotalRequests('ShouldRateLimit').name,
      'ratelimit_server.ShouldRateLimit.total_requests',
    );
    assert.equal(sut.serverResponseTime('Check').name, 'ratelimit_server.Check.response_time');
  });

  describe('STATS_MAX_KEYS', () => {
    it('beyond the cap new keys roll into the one overflow key; existing keys keep counting', () => {
      const sut = new StatsService(2);
      const first = sut.limitStats('d.a');
      sut.domainNotFound('unknown');
      const third = sut.limitStats('d.c');
      const fourth = sut.limitStats('d.d');
      assert.equal(third, fourth);
      assert.equal(third.totalHits.name, `ratelimit.service.rate_limit.${OVERFLOW_STATS_KEY}.total_hits`);
      assert.equal(third.totalHits.name, 'ratelimit.service.rate_limit.stats_overflow.other.total_hits');
      first.totalHits.add(2);
      assert.equal(sut.limitStats('d.a').totalHits.value, 2);
      assert.equal(sut.distinctKeys(), 2);
    });

    it('unknown domains beyond the cap share the overflow key too', () => {
      const sut = new StatsService(1);
      sut.limitStats('d.a');
      const overflow = sut.domainNotFound('x');
      assert.equal(overflow.name, 'ratelimit.service.rate_limit.stats_overflow.other.domain_not_found');
      assert.equal(sut.domainNotFound('y'), overflow);
      assert.equal(names(sut).filter((name) => name.includes('.x.') || name.includes('.y.')).length, 0);
    });

    it(`keys and unknown domains over ${MAX_STATS_KEY_LENGTH} characters count under the overflow key`, () => {
      const sut = new StatsService(100);
      const huge = 'x'.repeat(1_300_000);
      const overflow = sut.limitStats(`d.jwt_${huge}`);
      assert.equal(overflow.totalHits.name, 'ratelimit.service.rate_limit.stats_overflow.other.total_hits');
      assert.equal(sut.limitStats(`d.jwt_${huge}2`), overflow);
      const domain = sut.domainNotFound(huge);
      assert.equal(domain.name, 'ratelimit.service.rate_limit.stats_overflow.other.domain_not_found');
      const longest = 'k'.repeat(MAX_STATS_KEY_LENGTH);
      assert.notEqual(sut.limitStats(longest), overflow);
      assert.notEqual(sut.domainNotFound(longest), domain);
      assert.equal(sut.distinctKeys(), 2);
      assert.ok(names(sut).every((name) => name.length < MAX_STATS_KEY_LENGTH + 60));
    });

    it('a flood of unique keys creates a bounded number of counters', () => {
      const sut = new StatsService(100);
      for (let i = 0; i < 10000; i++) sut.limitStats(`d.user_${i}`).totalHits.add();
      assert.equal(names(sut).length, 5 + 101 * 6);
      assert.equal(sut.limitStats('d.user_9999').totalHits.value, 9900);
    });
  });

  it("counts an item of a rate_limits node under `<node key>.<label>` and knows the item's stats", () => {
    const sut = new StatsService(10);
    const item = sut.limitItemStats('rl.account.daily', 'daily');
    assert.equal(item, sut.limitStats('rl.account.daily'), 'one set of counters per key');
    assert.equal(item.totalHits.name, 'ratelimit.service.rate_limit.rl.account.daily.total_hits');
    assert.deepEqual(sut.limitItemOf('ratelimit.service.rate_limit.rl.account.daily.over_limit'), {
      nodeStatName: 'ratelimit.service.rate_limit.rl.account.over_limit',
      label: 'daily',
    });
    assert.equal(sut.limitItemOf('ratelimit.service.rate_limit.rl.account.over_limit'), undefined);
    sut.limitItemStats('rl.host_10.0.0.1.burst:1', 'burst:1');
    assert.deepEqual(sut.limitItemOf('ratelimit.service.rate_limit.rl.host_10_0_0_1.burst_1.total_hits'), {
      nodeStatName: 'ratelimit.service.rate_limit.rl.host_10_0_0_1.total_hits',
      label: 'burst_1',
    });
  });

  it('counts items beyond STATS_MAX_KEYS under the overflow key, which is no item', () => {
    const sut = new StatsService(1);
    sut.limitStats('rl.a');
    const overflow = sut.limitItemStats('rl.a.daily', 'daily');
    assert.equal(overflow.totalHits.name, `ratelimit.service.rate_limit.${OVERFLOW_STATS_KEY}.total_hits`);
    assert.equal(sut.limitItemOf(overflow.totalHits.name), undefined);
  });
});
