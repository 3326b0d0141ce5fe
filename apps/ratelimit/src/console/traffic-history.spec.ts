import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StatsService } from '../stats/stats.service';
import { TrafficHistory } from './traffic-history';

describe(TrafficHistory.name, () => {
  it('books what each key counted since the previous sample to the sampled second', () => {
    const stats = new StatsService(100);
    const sut = new TrafficHistory(stats, { seconds: 4, maxSeries: 10 });
    sut.sample(100);
    const limit = stats.limitStats('d.k');
    limit.totalHits.add(5);
    limit.nearLimit.add(2);
    limit.overLimit.add(1);
    sut.sample(101);
    limit.totalHits.add(3);
    sut.sample(103);
    assert.deepEqual(sut.series(4), [
      { statsKey: 'd.k', requests: [0, 5, 0, 3], nearLimit: [0, 2, 0, 0], overLimit: [0, 1, 0, 0] },
    ]);
    assert.deepEqual(sut.series(2)[0].requests, [0, 3]);
    assert.equal(sut.lastSecond, 103);
  });

  it('starts keys that exist at the first sample from their values then', () => {
    const stats = new StatsService(100);
    stats.limitStats('d.k').totalHits.add(50);
    const sut = new TrafficHistory(stats, { seconds: 2, maxSeries: 10 });
    sut.sample(10);
    stats.limitStats('d.k').totalHits.add(1);
    sut.sample(11);
    assert.deepEqual(sut.series(2)[0].requests, [0, 1]);
  });

  it('charts at most maxSeries keys and counts the others', () => {
    const stats = new StatsService(100);
    const sut = new TrafficHistory(stats, { seconds: 2, maxSeries: 1 });
    sut.sample(1);
    stats.limitStats('d.a').totalHits.add(1);
    stats.limitStats('d.b').totalHits.add(1);
    sut.sample(2);
    assert.deepEqual(
      sut.series(2).map(({ statsKey }) => statsKey),
      ['d.a'],
    );
    assert.equal(sut.untrackedKeys, 1);
  });
});
