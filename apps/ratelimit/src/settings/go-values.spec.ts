import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseChoice,
  parseFloat64,
  parseGoBool,
  parseGoDuration,
  parseInteger,
  parseList,
  parseMap,
} from './go-values';

const valueOf = <T>(result: { ok: true; value: T } | { ok: false; reason: string }): T => {
  assert.ok(result.ok, `expected ok, got ${JSON.stringify(result)}`);
  return result.value;
};
const reasonOf = (result: { ok: boolean; reason?: string }): string | undefined => {
  assert.equal(result.ok, false);
  return result.reason;
};

describe(parseGoBool.name, () => {
  it('accepts exactly the spellings of strconv.ParseBool', () => {
    for (const word of ['1', 't', 'T', 'TRUE', 'true', 'True'])
      assert.equal(valueOf(parseGoBool(word)), true);
    for (const word of ['0', 'f', 'F', 'FALSE', 'false', 'False'])
      assert.equal(valueOf(parseGoBool(word)), false);
  });

  it('rejects everything else', () => {
    for (const word of ['yes', 'no', 'on', 'tRUE', ' true', '2']) {
      assert.equal(
        reasonOf(parseGoBool(word)),
        'invalid boolean (accepted: 1, t, T, TRUE, true, True, 0, f, F, FALSE, false, False)',
      );
    }
  });
});

describe(parseGoDuration.name, () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['150us', 0.15],
    ['150µs', 0.15],
    ['150μs', 0.15],
    ['500ns', 0.0005],
    ['300ms', 300],
    ['10s', 10_000],
    ['1m', 60_000],
    ['24h', 86_400_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['.5s', 500],
    ['+2s', 2000],
    ['1m0.5s', 60_500],
  ];
  for (const [text, ms] of cases) {
    it(`reads ${text} as ${ms} ms`, () => assert.equal(valueOf(parseGoDuration(text)), ms));
  }

  it('rejects numbers without a unit, unknown units and junk like Go does', () => {
    for (const text of ['10', '', 's', '1d', '10 s', '1h-5m', '.s', 'abc']) {
      assert.equal(
        reasonOf(parseGoDuration(text)),
        'invalid duration (Go syntax with a unit, e.g. 150us, 300ms, 10s, 1h30m, or 0)',
        text,
      );
    }
  });

  it('rejects negative durations', () => {
    assert.equal(reasonOf(parseGoDuration('-1s')), 'must not be negative');
  });
});

describe(parseInteger.name, () => {
  it('reads decimal integers within the range', () => {
    assert.equal(valueOf(parseInteger('8080', 0, 65535)), 8080);
    assert.equal(valueOf(parseInteger(' 0 ', 0, 65535)), 0);
    assert.equal(valueOf(parseInteger('+7', 0, 10)), 7);
  });

  it('explains what is wrong', () => {
    assert.equal(reasonOf(parseInteger('1.5', 0, 9)), 'invalid integer');
    assert.equal(reasonOf(parseInteger('abc', 0, 9)), 'invalid integer');
    assert.equal(reasonOf(parseInteger('65536', 0, 65535)), 'must be between 0 and 65535');
    assert.equal(reasonOf(parseInteger('0', 1, Number.MAX_SAFE_INTEGER)), 'must be >= 1');
  });
});

describe(parseFloat64.name, () => {
  it('reads decimal and exponent forms', () => {
    assert.equal(valueOf(parseFloat64('0.8', 0, 1)), 0.8);
    assert.equal(valueOf(parseFloat64('.25', 0, 1)), 0.25);
    assert.equal(valueOf(parseFloat64('1e-1', 0, 1)), 0.1);
    assert.equal(valueOf(parseFloat64('1', 0, 1)), 1);
  });

  it('rejects junk and out-of-range values', () => {
    assert.equal(reasonOf(parseFloat64('half', 0, 1)), 'invalid number');
    assert.equal(reasonOf(parseFloat64('1.01', 0, 1)), 'must be between 0 and 1');
  });
});

describe(parseList.name, () => {
  it('splits on commas, trims and drops empty items', () => {
    assert.deepEqual(parseList('a:1, b:2,,'), ['a:1', 'b:2']);
    assert.deepEqual(parseList(''), []);
  });
});

describe(parseMap.name, () => {
  it('reads k:v,k2:v2 and splits each item at the first separator', () => {
    assert.deepEqual(valueOf(parseMap('env:prod, team:rl', ':')), { env: 'prod', team: 'rl' });
    assert.deepEqual(valueOf(parseMap('url:http://x:1', ':')), { url: 'http://x:1' });
    assert.deepEqual(valueOf(parseMap('', ':')), {});
  });

  it('reads k=v,k2=v2', () => {
    assert.deepEqual(valueOf(parseMap('zone=a,rack=r1', '=')), { zone: 'a', rack: 'r1' });
  });

  it('rejects items without a key', () => {
    assert.equal(reasonOf(parseMap('a:1,b', ':')), "invalid map item 'b' (expected key:value)");
    assert.equal(reasonOf(parseMap('=x', '=')), "invalid map item '=x' (expected key=value)");
  });
});

describe(parseChoice.name, () => {
  it('matches case-insensitively and returns the canonical spelling', () => {
    assert.equal(valueOf(parseChoice('Sentinel', ['single', 'sentinel', 'cluster'])), 'sentinel');
    assert.equal(valueOf(parseChoice('grpc_xds_sotw', ['FILE', 'GRPC_XDS_SOTW'])), 'GRPC_XDS_SOTW');
    assert.equal(reasonOf(parseChoice('x', ['FILE', 'GRPC_XDS_SOTW'])), 'must be one of FILE, GRPC_XDS_SOTW');
  });
});
