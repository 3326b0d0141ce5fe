import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { throttledWarning } from './throttled-warning';

describe(throttledWarning.name, () => {
  it('logs the first error, then at most one line a minute with the number of errors in between', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line).msg) });
    let now = 0;
    const sut = throttledWarning(logger, 'statsd (TCP localhost:8125)', () => now);
    sut(new Error('connect ECONNREFUSED'));
    now = 30_000;
    sut(new Error('connect ECONNREFUSED'));
    sut(new Error('connect ECONNREFUSED'));
    now = 60_000;
    sut(new Error('write EPIPE'));
    assert.deepEqual(lines, [
      'statsd (TCP localhost:8125): connect ECONNREFUSED',
      'statsd (TCP localhost:8125): write EPIPE (2 more errors since the last report)',
    ]);
  });
});
