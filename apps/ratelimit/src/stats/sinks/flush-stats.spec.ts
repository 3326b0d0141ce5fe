import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StatsStore } from '../stats-store';
import { flushStats, flushTimers } from './flush-stats';
import type { StatsSink } from './stats-sink';

class RecordingSink implements StatsSink {
  readonly lines: string[] = [];
  flushCounter(name: string, delta: number): void {
    this.lines.push(`${name}:${delta}|c`);
  }
  flushGauge(name: string, value: number): void {
    this.lines.push(`${name}:${value}|g`);
  }
  flushTimer(name: string, valueMs: number): void {
    this.lines.push(`${name}:${valueMs}|ms`);
  }
  endFlush(): void {
    this.lines.push('end');
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe(flushStats.name, () => {
  it('sends counter deltas (none when unchanged), every gauge, and each timer sample once', () => {
    const store = new StatsStore();
    const sink = new RecordingSink();
    const hits = store.counter('ratelimit.service.rate_limit.rl.foo.total_hits');
    store.counter('ratelimit.service.config_load_error');
    store.gauge('ratelimit.localcache.entryCount').set(2);
    store.timer('ratelimit_server.ShouldRateLimit.response_time').record(1.5);
    hits.add(3);
    flushStats(store, sink);
    hits.add(2);
    flushStats(store, sink);
    flushStats(store, sink);
    assert.deepEqual(sink.lines, [
      'ratelimit.service.rate_limit.rl.foo.total_hits:3|c',
      'ratelimit.localcache.entryCount:2|g',
      'ratelimit_server.ShouldRateLimit.response_time:1.5|ms',
      'end',
      'ratelimit.service.rate_limit.rl.foo.total_hits:2|c',
      'ratelimit.localcache.entryCount:2|g',
      'end',
      'ratelimit.localcache.entryCount:2|g',
      'end',
    ]);
  });

  it('runs the collectors first, so gauges read elsewhere are current', () => {
    const store = new StatsStore();
    const sink = new RecordingSink();
    let entries = 1;
    store.addCollector(() => store.gauge('ratelimit.localcache.entryCount').set(entries));
    entries = 7;
    flushStats(store, sink);
    assert.deepEqual(sink.lines, ['ratelimit.localcache.entryCount:7|g', 'end']);
  });
});

describe(flushTimers.name, () => {
  it('sends timer samples only, leaving counters for the next full flush', () => {
    const store = new StatsStore();
    const sink = new RecordingSink();
    store.counter('c').add();
    store.timer('t').record(2);
    flushTimers(store, sink);
    flushStats(store, sink);
    assert.deepEqual(sink.lines, ['t:2|ms', 'end', 'c:1|c', 'end']);
  });
});
