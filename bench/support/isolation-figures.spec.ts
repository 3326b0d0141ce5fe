import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  failureCount,
  isolationVerdict,
  p99Ratio,
  p99WithFailures,
  poolTallies,
  showFailures,
  showP99,
  showProbes,
  showRatio,
  showVerdict,
  tallyP99,
} from './isolation-figures';

/** 1, 2, ..., n ms in a shuffled order. */
const latencies = (n: number) => Array.from({ length: n }, (_, i) => ((i * 37) % n) + 1);

describe(p99WithFailures.name, () => {
  it('is the latency at rank floor(0.99 n) of the sorted calls, as the other parts', () => {
    assert.equal(p99WithFailures(latencies(1000), 0), 991);
    assert.equal(p99WithFailures(latencies(200), 0), 199);
  });

  it('ranks failed calls after every answered one', () => {
    // 990 answered + 10 failed: rank 990 is the first failed call
    assert.equal(p99WithFailures(latencies(990), 10), Infinity);
    // 995 answered + 5 failed: rank 990 is still an answered call, pushed up by none of them
    assert.equal(p99WithFailures(latencies(995), 5), 991);
  });

  it('is NaN for a window without calls', () => {
    assert.ok(Number.isNaN(p99WithFailures([], 0)));
    assert.equal(p99WithFailures([], 3), Infinity);
  });
});

describe(p99Ratio.name, () => {
  it('divides the p99 during the input by the p99 without it', () => {
    assert.equal(p99Ratio(3, 2), 1.5);
    assert.equal(p99Ratio(Infinity, 2), Infinity);
  });

  it('is NaN when the baseline has no finite p99 or there were no calls', () => {
    assert.ok(Number.isNaN(p99Ratio(3, Infinity)));
    assert.ok(Number.isNaN(p99Ratio(3, 0)));
    assert.ok(Number.isNaN(p99Ratio(NaN, 2)));
  });
});

describe(isolationVerdict.name, () => {
  it('is met when the pooled ratio is at most 1.5x and no ordinary call failed', () => {
    assert.deepEqual(isolationVerdict(1.5, [0, 0, 0]), {
      ratio: 1.5,
      failedDuring: 0,
      judged: true,
      met: true,
    });
  });

  it('is not met past 1.5x, or with one failed call, or when the input failed', () => {
    assert.equal(isolationVerdict(1.51, [0, 0, 0]).met, false);
    assert.equal(isolationVerdict(NaN, [0, 0, 0]).met, false);
    assert.deepEqual(isolationVerdict(1, [0, 1, 0]), { ratio: 1, failedDuring: 1, judged: true, met: false });
    const notJudged = isolationVerdict(1, [0, 0, 0], 1);
    assert.deepEqual([notJudged.judged, notJudged.met], [false, false]);
    assert.equal(showVerdict(notJudged), 'not judged (the input failed)');
  });
});

describe('display', () => {
  it('shows a failed p99, an unbounded ratio and failures by code', () => {
    assert.deepEqual([showP99(1.234), showP99(Infinity), showP99(NaN)], ['1.23 ms', 'failed', 'no calls']);
    assert.deepEqual([showRatio(1.234), showRatio(Infinity), showRatio(NaN)], ['1.23x', '∞', 'n/a']);
    const tally = { latenciesMs: [1], failures: { DEADLINE_EXCEEDED: 12, UNAVAILABLE: 3 } };
    assert.equal(failureCount(tally), 15);
    assert.equal(showFailures(tally), '15 (DEADLINE_EXCEEDED 12, UNAVAILABLE 3)');
    assert.equal(showFailures({ latenciesMs: [], failures: {} }), '0');
  });

  it('shows the probes answered 200 over the rounds that probed', () => {
    const rounds = [
      { healthy: 2, total: 29 },
      { healthy: 0, total: 27 },
    ];
    assert.equal(showProbes(rounds), '4 % (2 of 29, 0 of 27)');
    assert.equal(showProbes([undefined, undefined]), '-');
    assert.equal(showProbes([{ healthy: 0, total: 0 }]), 'no probe (0 of 0)');
  });
});

describe('tallyP99', () => {
  it('is p99WithFailures over the tally, its failures counted by code', () => {
    assert.equal(tallyP99({ latenciesMs: latencies(1000), failures: {} }), 991);
    assert.equal(
      tallyP99({ latenciesMs: latencies(990), failures: { DEADLINE_EXCEEDED: 6, UNAVAILABLE: 4 } }),
      Infinity,
    );
  });
});

describe(poolTallies.name, () => {
  it('keeps every latency and adds the failures by code', () => {
    const pooled = poolTallies([
      { latenciesMs: [1, 2], failures: { DEADLINE_EXCEEDED: 1 } },
      { latenciesMs: [3], failures: { DEADLINE_EXCEEDED: 2, UNAVAILABLE: 1 } },
      { latenciesMs: [], failures: {} },
    ]);
    assert.deepEqual(pooled, { latenciesMs: [1, 2, 3], failures: { DEADLINE_EXCEEDED: 3, UNAVAILABLE: 1 } });
  });

  it('of no window is an empty tally, whose p99 is NaN', () => {
    const pooled = poolTallies([]);
    assert.deepEqual(pooled, { latenciesMs: [], failures: {} });
    assert.ok(Number.isNaN(p99WithFailures(pooled.latenciesMs, failureCount(pooled))));
  });
});
