import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StatsService } from './stats.service';

describe(`${StatsService.name} connection pool gauges`, () => {
  it('derives ratelimit.<pool>.cx_active from the cx_total and cx_local_close events', () => {
    const sut = new StatsService(10);
    sut.store.counter('ratelimit.redis_pool.cx_total').add(3);
    sut.store.counter('ratelimit.redis_pool.cx_local_close').add(1);
    sut.store.counter('ratelimit.redis_per_second_pool.cx_total').add(1);
    sut.store.collect();
    assert.equal(sut.store.gauge('ratelimit.redis_pool.cx_active').value, 2);
    assert.equal(sut.store.gauge('ratelimit.redis_per_second_pool.cx_active').value, 1);
  });

  it('reports no pool gauge without a Redis store', () => {
    const sut = new StatsService(10);
    assert.equal(sut.store.dump().includes('cx_active'), false);
  });
});
