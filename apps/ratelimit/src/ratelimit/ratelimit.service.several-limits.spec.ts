// RateLimitService with `rate_limits` lists (several limits on one descriptor) on the memory store
// and a fake clock: which item is reported, what every item counts, the statistics of the node
// and of each item, and the counter keys.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createServiceHarness,
  descriptor,
  repeat,
  type ServiceHarness,
} from '../../test/support/service-harness';
import type { RateLimitDecision } from '../rate-limit-types';
import { RateLimitService } from './ratelimit.service';

export const SEVERAL_LIMITS_RULES = `
domain: rl
descriptors:
  - key: account
    rate_limits:
      - { unit: second, requests_per_unit: 2 }
      - { unit: day, requests_per_unit: 5, name: daily }
  - key: same
    rate_limits:
      - { unit: minute, requests_per_unit: 10 }
      - { unit: minute, requests_per_unit: 4, algorithm: sliding_window }
      - { unit: minute, requests_per_unit: 60, algorithm: token_bucket, burst: 3 }
  - key: plain
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: files
    value: top/*
    share_threshold: true
    rate_limits:
      - { unit: minute, requests_per_unit: 10 }
      - { unit: hour, requests_per_unit: 100 }
  - key: user
    value_to_metric: true
    rate_limits:
      - { unit: minute, requests_per_unit: 10, name: burst }
`;
/** 2222 s: the second window starts at 2222, the minute window at 2220, the day window at 0. */
const NOW_SECONDS = 2222;

/** [code, remaining, reset, unit, name] of each descriptor. */
const statuses = (decision: RateLimitDecision) =>
  decision.statuses.map((s) => [
    s.code,
    s.limitRemaining,
    s.durationUntilResetSeconds,
    s.currentLimit?.unit,
    s.currentLimit?.name,
  ]);
const account = descriptor('account=a');

async function storedCounts(h: ServiceHarness, ...keys: [key: string, windowSeconds: number][]) {
  return h.store.getMany(keys.map(([key, windowSeconds]) => ({ key, windowSeconds })));
}

describe(`${RateLimitService.name} several limits on one descriptor (rate_limits)`, () => {
  it('counts every hit on every item and reports the first over-limit item, else the least remaining', async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    const answers = [];
    answers.push(statuses(await h.call('rl', [account]))); // second 1/2, day 1/5
    answers.push(statuses(await h.call('rl', [account]))); // second 2/2, day 2/5
    answers.push(statuses(await h.call('rl', [account]))); // second 3/2 (over), day 3/5
    h.clock.advance(1000);
    answers.push(statuses(await h.call('rl', [account]))); // second 1/2, day 4/5: a tie at 1
    answers.push(statuses(await h.call('rl', [account]))); // second 2/2, day 5/5: a tie at 0
    answers.push(statuses(await h.call('rl', [account]))); // both over: the first one
    h.clock.advance(1000);
    answers.push(statuses(await h.call('rl', [account]))); // second 1/2, day 7/5 (over)
    const daySeconds = 86400 - NOW_SECONDS;
    assert.deepEqual(answers, [
      [['OK', 1, 1, 'SECOND', undefined]],
      [['OK', 0, 1, 'SECOND', undefined]],
      [['OVER_LIMIT', 0, 1, 'SECOND', undefined]],
      [['OK', 1, 1, 'SECOND', undefined]],
      [['OK', 0, 1, 'SECOND', undefined]],
      [['OVER_LIMIT', 0, 1, 'SECOND', undefined]],
      [['OVER_LIMIT', 0, daySeconds - 2, 'DAY', 'daily']],
    ]);
    // the second windows before 2224 have expired
    const counts = await storedCounts(
      h,
      ['rl_account_a_per_second_2224', 1],
      ['rl_account_a_daily_0', 86400],
    );
    assert.deepEqual(counts, [1, 7]);
  });

  it('keeps items that share a window on keys of their own, each with its algorithm', async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    const decisions = await repeat(4, () => h.call('rl', [descriptor('same=s')]));
    // the token bucket (burst 3) is the first item over, on the 4th hit
    assert.deepEqual(
      decisions.map((d) => [
        d.overallCode,
        d.statuses[0].limitRemaining,
        d.statuses[0].currentLimit?.algorithm,
      ]),
      [
        ['OK', 2, 'token_bucket'],
        ['OK', 1, 'token_bucket'],
        ['OK', 0, 'token_bucket'],
        ['OVER_LIMIT', 0, 'token_bucket'],
      ],
    );
    const counts = await storedCounts(
      h,
      ['rl_same_s_per_minute_2220', 60],
      ['rl_same_s_per_minute_2_2220', 60],
    );
    assert.deepEqual(counts, [4, 4]);
    const bucket = await h.store.getMany([{ key: 'rl_same_s_per_minute_3_tb', windowSeconds: 60 }]);
    assert.equal(
      bucket[0],
      NOW_SECONDS * 1000 + 3000,
      "the bucket's TAT: three tokens taken, the fourth refused",
    );
  });

  it("counts the node's stats once per request with the reported verdict, and each item under its label", async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    await repeat(3, () => h.call('rl', [account]));
    const names = ['total_hits', 'within_limit', 'near_limit', 'over_limit'];
    const stats = (key: string) => names.map((name) => h.limitStat(key, name));
    // reported: second (1 left), second (0 left, near), second (over)
    assert.deepEqual(stats('rl.account'), [3, 2, 1, 1]);
    assert.deepEqual(stats('rl.account.per_second'), [3, 2, 1, 1]);
    assert.deepEqual(stats('rl.account.daily'), [3, 3, 0, 0]);
    assert.equal(
      h.stats.limitItemOf('ratelimit.service.rate_limit.rl.account.daily.total_hits')?.label,
      'daily',
    );
  });

  it('answers a hits_addend of 0 from the counts without changing them', async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    await h.call('rl', [{ ...account, hitsAddend: 4 }]); // second 4/2 (over), day 4/5
    const check = await h.call('rl', [{ ...account, hitsAddend: 0 }]);
    assert.deepEqual(statuses(check), [['OVER_LIMIT', 0, 1, 'SECOND', undefined]]);
    h.clock.advance(1000);
    const next = await h.call('rl', [{ ...account, hitsAddend: 0 }]);
    assert.deepEqual(statuses(next), [['OK', 1, 86400 - NOW_SECONDS - 1, 'DAY', 'daily']]);
    assert.deepEqual(await storedCounts(h, ['rl_account_a_daily_0', 86400]), [4]);
  });

  it('sends every item of every descriptor of a request in one store call', async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    const before = h.store.incrementCalls;
    const decision = await h.call('rl', [account, descriptor('same=t'), descriptor('plain=p')]);
    assert.equal(h.store.incrementCalls - before, 1);
    assert.deepEqual(
      decision.statuses.map((s) => s.code),
      ['OK', 'OK', 'OK'],
    );
    assert.deepEqual(
      await storedCounts(h, ['rl_plain_p_2220', 60], ['rl_same_t_per_minute_2220', 60]),
      [1, 1],
    );
  });

  it('replaces a list by a request override: one limit on the plain key, stats from the entries', async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    const override = { ...account, limit: { requestsPerUnit: 1, unit: 'DAY' as const } };
    const decisions = await repeat(2, () => h.call('rl', [override]));
    assert.deepEqual(
      decisions.map((d) => statuses(d)[0]),
      [
        ['OK', 0, 86400 - NOW_SECONDS, 'DAY', undefined],
        ['OVER_LIMIT', 0, 86400 - NOW_SECONDS, 'DAY', undefined],
      ],
    );
    assert.deepEqual(
      await storedCounts(h, ['rl_account_a_0', 86400], ['rl_account_a_daily_0', 86400]),
      [2, 0],
    );
    assert.equal(h.limitStat('rl.account_a', 'total_hits'), 2);
    assert.equal(h.limitStat('rl.account.daily', 'total_hits'), 0);
  });

  it('applies share_threshold and value_to_metric of the node to every item', async () => {
    const h = createServiceHarness(SEVERAL_LIMITS_RULES, { nowSeconds: NOW_SECONDS });
    await h.call('rl', [descriptor('files=top/a')]);
    await h.call('rl', [descriptor('files=top/b')]);
    const shared = await storedCounts(
      h,
      ['rl_files_top/*_per_minute_2220', 60],
      ['rl_files_top/*_per_hour_0', 3600],
    );
    assert.deepEqual(shared, [2, 2]);
    await h.call('rl', [descriptor('user=alice')]);
    assert.equal(h.limitStat('rl.user_alice', 'total_hits'), 1);
    assert.equal(h.limitStat('rl.user_alice.burst', 'total_hits'), 1);
  });
});
