import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StatsStore } from './stats-store';

describe(StatsStore.name, () => {
  it('get-or-create: one object per name and kind', () => {
    const sut = new StatsStore();
    assert.equal(sut.counter('a'), sut.counter('a'));
    assert.equal(sut.gauge('g'), sut.gauge('g'));
    assert.equal(sut.timer('t'), sut.timer('t'));
    assert.deepEqual(
      [...sut.counters()].map((c) => c.name),
      ['a'],
    );
  });

  it('/stats dump: one "name: value" line per stat, sorted by name, each ending in a newline', () => {
    const sut = new StatsStore();
    sut.counter('ratelimit.service.rate_limit.b.total_hits').add(3);
    sut.counter('ratelimit.service.config_load_success').add();
    sut.gauge('ratelimit.redis_pool.cx_active').set(2);
    sut.counter('a.zero');
    assert.equal(
      sut.dump(),
      'a.zero: 0\n' +
        'ratelimit.redis_pool.cx_active: 2\n' +
        'ratelimit.service.config_load_success: 1\n' +
        'ratelimit.service.rate_limit.b.total_hits: 3\n',
    );
  });

  it('timers show their count and total milliseconds', () => {
    const sut = new StatsStore();
    const timer = sut.timer('ratelimit_server.ShouldRateLimit.response_time');
    timer.record(1.25);
    timer.record(0.5);
    assert.equal(
      sut.dump(),
      'ratelimit_server.ShouldRateLimit.response_time.count: 2\n' +
        'ratelimit_server.ShouldRateLimit.response_time.sum_ms: 1.75\n',
    );
  });

  it('an empty store dumps nothing', () => {
    assert.equal(new StatsStore().dump(), '');
  });
});
