import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSoakOptions, SoakOptionsError } from './soak-options';

describe(parseSoakOptions.name, () => {
  it('defaults: 10 minutes on the memory store, 2000 calls/s, 16 in flight, a sample every 5 s, 2 minutes of warm-up', () => {
    assert.deepEqual(parseSoakOptions([]), {
      minutes: 10,
      store: 'memory',
      callsPerSecond: 2000,
      inFlight: 16,
      sampleSeconds: 5,
      warmupMinutes: 2,
      outDir: '.tmp/soak',
      fromDir: undefined,
    });
  });

  it('reads every option; the warm-up is at most half the run', () => {
    const sut = parseSoakOptions(
      [
        '--minutes',
        '3',
        '--store',
        'redis',
        '--rps',
        '0',
        '--in-flight',
        '4',
        '--sample-seconds',
        '2',
      ].concat(['--warmup-minutes', '5', '--out', '/tmp/x', '--from', '/tmp/y']),
    );
    assert.deepEqual(sut, {
      minutes: 3,
      store: 'redis',
      callsPerSecond: 0,
      inFlight: 4,
      sampleSeconds: 2,
      warmupMinutes: 1.5,
      outDir: '/tmp/x',
      fromDir: '/tmp/y',
    });
  });

  it('names the option of a bad value', () => {
    const message = (args: string[]) => {
      try {
        parseSoakOptions(args);
      } catch (error) {
        assert.ok(error instanceof SoakOptionsError);
        return error.message;
      }
      return 'no error';
    };
    assert.equal(message(['--minutes', 'ten']), '--minutes=ten: must be a number >= 0.1');
    assert.equal(message(['--in-flight', '0']), '--in-flight=0: must be a number >= 1');
    assert.equal(message(['--rps', '']), '--rps=: must be a number >= 0');
    assert.equal(message(['--store', 'memcache']), '--store=memcache: must be memory or redis');
    assert.equal(message(['--minutes']), '--minutes needs a value');
    assert.equal(message(['--minutes', '--store']), '--minutes needs a value');
    assert.equal(message(['--hours', '1']), 'unknown option --hours');
  });
});
