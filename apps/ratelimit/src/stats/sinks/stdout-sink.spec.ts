import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StdoutSink } from './stdout-sink';

describe(StdoutSink.name, () => {
  it('writes the reference logging sink lines (6-decimal values and timestamp, sorted json keys)', () => {
    const lines: string[] = [];
    const sut = new StdoutSink(
      (line) => lines.push(line),
      () => 1_764_000_000_123.456,
    );
    sut.flushCounter('ratelimit.service.config_load_success', 420);
    sut.flushGauge('ratelimit.localcache.entryCount', 2);
    sut.flushTimer('ratelimit_server.ShouldRateLimit.response_time', 1.25);
    sut.endFlush();
    const common = '{"level":"debug","ts":1764000000.123456,"logger":"gostats.loggingsink"';
    assert.deepEqual(lines, [
      `${common},"msg":"flushing counter","json":{"name":"ratelimit.service.config_load_success","type":"counter","value":"420.000000"}}`,
      `${common},"msg":"flushing gauge","json":{"name":"ratelimit.localcache.entryCount","type":"gauge","value":"2.000000"}}`,
      `${common},"msg":"flushing timer","json":{"name":"ratelimit_server.ShouldRateLimit.response_time","type":"timer","value":"1.250000"}}`,
      `${common},"msg":"flushing all stats","json":{"type":"all stats","value":"0.000000"}}`,
    ]);
  });
});
