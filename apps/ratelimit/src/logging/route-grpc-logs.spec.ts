import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { logVerbosity } from '@grpc/grpc-js';
import { pino } from 'pino';
import { grpcLoggerFor, grpcVerbosityFor } from './route-grpc-logs';

describe(grpcVerbosityFor.name, () => {
  it('passes grpc-js lines at the levels LOG_LEVEL prints', () => {
    assert.deepEqual(
      (['trace', 'debug', 'info', 'warning', 'error', 'fatal', 'panic'] as const).map(grpcVerbosityFor),
      [
        logVerbosity.DEBUG,
        logVerbosity.DEBUG,
        logVerbosity.INFO,
        logVerbosity.ERROR,
        logVerbosity.ERROR,
        logVerbosity.NONE,
        logVerbosity.NONE,
      ],
    );
  });
});

describe(grpcLoggerFor.name, () => {
  it('writes each grpc-js call as one record of the service logger, arguments formatted', () => {
    const records: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'debug', base: null, timestamp: false },
      {
        write: (line: string) => records.push(JSON.parse(line) as Record<string, unknown>),
      },
    );
    const sut = grpcLoggerFor(logger);
    sut.error?.('No address added out of total %d resolved', 1);
    sut.info?.('server started');
    sut.debug?.('a', { b: 1 });
    assert.deepEqual(records, [
      { level: 50, component: 'grpc-js', msg: 'No address added out of total 1 resolved' },
      { level: 30, component: 'grpc-js', msg: 'server started' },
      { level: 20, component: 'grpc-js', msg: 'a { b: 1 }' },
    ]);
  });
});
