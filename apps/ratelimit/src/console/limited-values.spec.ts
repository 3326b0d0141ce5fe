import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cutText, LimitedValues } from './limited-values';

function heapUsedAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

const MINUTE_MS = 60_000;
const entries = (value: string) => [{ key: 'remote_address', value }];

describe(LimitedValues.name, () => {
  it('lists per rule the values with the most over-limit hits, the rule with most hits first', () => {
    const sut = new LimitedValues({ slots: 4, minutes: 5, maxRules: 10, maxValueLength: 100 });
    sut.record('d.remote_address', entries('10.0.0.1'), 3, 0);
    sut.record('d.remote_address', entries('10.0.0.2'), 1, 1000);
    sut.record(
      'd.path',
      [
        { key: 'path', value: '/a' },
        { key: 'method', value: 'GET' },
      ],
      9,
      2000,
    );
    assert.deepEqual(sut.top(20, 3000), [
      {
        ruleStatsKey: 'd.path',
        overLimitHits: 9,
        errorBound: 0,
        top: [{ value: 'path=/a, method=GET', count: 9, error: 0 }],
      },
      {
        ruleStatsKey: 'd.remote_address',
        overLimitHits: 4,
        errorBound: 0,
        top: [
          { value: 'remote_address=10.0.0.1', count: 3, error: 0 },
          { value: 'remote_address=10.0.0.2', count: 1, error: 0 },
        ],
      },
    ]);
  });

  it('covers the last `minutes` minutes: older minutes drop out', () => {
    const sut = new LimitedValues({ slots: 4, minutes: 2, maxRules: 10, maxValueLength: 100 });
    sut.record('r', entries('old'), 5, 0);
    sut.record('r', entries('new'), 2, MINUTE_MS);
    assert.deepEqual(
      sut.top(20, MINUTE_MS)[0].top.map(({ value, count }) => [value, count]),
      [
        ['remote_address=old', 5],
        ['remote_address=new', 2],
      ],
    );
    assert.deepEqual(
      sut.top(20, 2 * MINUTE_MS)[0].top.map(({ value, count }) => [value, count]),
      [['remote_address=new', 2]],
    );
    assert.deepEqual(sut.top(20, 3 * MINUTE_MS), []);
  });

  it('stays within its slots under a million distinct values and reports the error bound', () => {
    const sut = new LimitedValues({ slots: 64, minutes: 5, maxRules: 10, maxValueLength: 100 });
    for (let i = 0; i < 1_000_000; i++) {
      sut.record('r', entries(`v${i}`), 1, 0);
      if (i % 20 === 0) sut.record('r', entries('attacker'), 1, 0); // 5 %: above total / slots
    }
    const [rule] = sut.top(20, 0);
    assert.equal(rule.overLimitHits, 1_050_000);
    assert.equal(rule.top.length, 20);
    assert.equal(rule.top[0].value, 'remote_address=attacker');
    assert.ok(
      rule.top[0].count >= 50_000 && rule.top[0].count - 50_000 <= rule.errorBound,
      JSON.stringify(rule.top[0]),
    );
    assert.ok(rule.errorBound <= 1_050_000 / 64);
  });

  it('tracks at most maxRules rules; an idle rule gives its place, hits without a place are counted', () => {
    const sut = new LimitedValues({ slots: 2, minutes: 1, maxRules: 1, maxValueLength: 100 });
    sut.record('a', entries('x'), 1, 0);
    sut.record('b', entries('x'), 2, 0);
    assert.equal(sut.droppedHits, 2);
    sut.record('b', entries('x'), 3, MINUTE_MS);
    assert.deepEqual(
      sut.top(20, MINUTE_MS).map(({ ruleStatsKey, overLimitHits }) => [ruleStatsKey, overLimitHits]),
      [['b', 3]],
    );
  });

  it('cuts long descriptor values', () => {
    const sut = new LimitedValues({ slots: 4, minutes: 1, maxRules: 2, maxValueLength: 5 });
    sut.record('r', [{ key: 'k', value: '0123456789' }], 1, 0);
    sut.record('r', [{ key: 'k', value: '12345' }], 2, 0);
    sut.record(
      'two',
      [
        { key: 'a', value: '12' },
        { key: 'b', value: '3456' },
      ],
      3,
      0,
    );
    assert.deepEqual(
      sut.top(20, 0).map(({ top }) => top.map(({ value }) => value)),
      [['k=12345', 'k=0123…'], ['a=12, b=3…']],
    );
  });

  it('keeps nothing of a long value but its cut text (a slice would keep all of it)', () => {
    const sut = new LimitedValues({ slots: 64, minutes: 1, maxRules: 2, maxValueLength: 200 });
    const huge = 'x'.repeat(1_000_000);
    const before = heapUsedAfterGc();
    for (let i = 0; i < 64; i++) sut.record('r', entries(`${i}:${huge}`), 1, 0);
    const growthMiB = (heapUsedAfterGc() - before) / 2 ** 20;
    assert.equal(sut.top(64, 0)[0].top.length, 64);
    assert.ok(growthMiB < 4, `${growthMiB.toFixed(1)} MiB kept (64 values of 1 MB)`);
  });
});

describe(cutText.name, () => {
  it('keeps short text, cuts long text to max characters and never splits a surrogate pair', () => {
    assert.equal(cutText('12345', 5), '12345');
    assert.equal(cutText('123456', 5), '1234…');
    assert.equal(cutText('😀😀😀', 5), '😀😀…');
    assert.equal(cutText('😀😀😀', 4), '😀…');
  });
});
