// RateLimitService with the opt-in algorithms (docs/algorithms.md) on the memory store and a fake clock: the
// numbers a client sees, the statistics, and the modes and options that must work as with fixed
// windows.
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

const RULES = `
domain: rl
descriptors:
  - key: fixed
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: sliding
    rate_limit: { unit: minute, requests_per_unit: 10, algorithm: sliding_window }
  - key: bucket
    rate_limit: { unit: minute, requests_per_unit: 60, algorithm: token_bucket, burst: 5 }
  - key: closed
    rate_limit: { unit: minute, requests_per_unit: 0, algorithm: token_bucket }
  - key: shadow_bucket
    shadow_mode: true
    rate_limit: { unit: minute, requests_per_unit: 60, algorithm: token_bucket, burst: 1 }
  - key: quota_sliding
    quota_mode: true
    rate_limit: { unit: minute, requests_per_unit: 1, algorithm: sliding_window }
`;
/** 100 minutes after the epoch: a minute window starts here. */
const WINDOW_START_MS = 6_000_000;

const statusesOf = (decision: RateLimitDecision) =>
  decision.statuses.map((s) => [s.code, s.limitRemaining, s.durationUntilResetSeconds]);
const withHits = (text: string, hitsAddend: number) => ({ ...descriptor(text), hitsAddend });

function harness(options: Parameters<typeof createServiceHarness>[1] = {}): ServiceHarness {
  const h = createServiceHarness(RULES, options);
  h.clock.set(WINDOW_START_MS);
  return h;
}

describe(`${RateLimitService.name} sliding windows and token buckets`, () => {
  it('refuses the double burst at a window boundary that a fixed window allows', async () => {
    const h = harness();
    h.clock.set(WINDOW_START_MS + 59_000); // the last second of a window: 10 hits each
    for (const name of ['fixed', 'sliding']) {
      const first = await repeat(10, () => h.call('rl', [descriptor(`${name}=a`)]));
      assert.ok(
        first.every((d) => d.overallCode === 'OK'),
        name,
      );
    }
    h.clock.set(WINDOW_START_MS + 61_000); // 1 s into the next window: 10 more each
    const fixed = await repeat(10, () => h.call('rl', [descriptor('fixed=a')]));
    const sliding = await repeat(10, () => h.call('rl', [descriptor('sliding=a')]));
    assert.deepEqual(
      fixed.map((d) => d.overallCode),
      Array(10).fill('OK'),
    );
    // estimate = floor(10 x 59/60) + current = 9 + 1: one more fits, the other 9 are refused
    assert.deepEqual(
      sliding.map((d) => d.overallCode),
      ['OK', ...Array(9).fill('OVER_LIMIT')],
    );
  });

  it('sliding window: the two-window estimate, remaining, reset and over-limit retry time', async () => {
    const h = harness();
    await h.call('rl', [withHits('sliding=b', 8)]); // 8 in the previous window
    h.clock.set(WINDOW_START_MS + 60_000 + 15_000); // 15 s into the next: the previous weighs 45/60
    // estimate = floor(8 x 45000 / 60000) + 1 = 6 + 1 = 7: remaining 3, reset at the window end (45 s)
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('sliding=b')])), [['OK', 3, 45]]);
    // + 4 hits: 6 + 5 = 11 > 10. The same 4 hits fit once floor(8 x (W - e) / W) <= 1: e >= 45.001 s,
    // 30.001 s from now: the earliest whole second after which they fit is 31.
    assert.deepEqual(statusesOf(await h.call('rl', [withHits('sliding=b', 4)])), [['OVER_LIMIT', 0, 31]]);
    const stat = (name: string) => h.limitStat('rl.sliding', name);
    // as a fixed window would count 7 -> 11 with L 10 and near-limit 8: within 1, over 1, near 2
    assert.deepEqual(['total_hits', 'within_limit', 'over_limit', 'near_limit'].map(stat), [13, 9, 1, 2]);
  });

  it('token bucket: the burst at once, then one token per interval (T = 1 s)', async () => {
    const h = harness();
    const burst = await repeat(6, () => h.call('rl', [descriptor('bucket=c')]));
    assert.deepEqual(burst.map(statusesOf), [
      [['OK', 4, 1]],
      [['OK', 3, 2]],
      [['OK', 2, 3]],
      [['OK', 1, 4]],
      [['OK', 0, 5]],
      [['OVER_LIMIT', 0, 1]],
    ]);
    h.clock.advance(1000);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('bucket=c')])), [['OK', 0, 5]]);
    h.clock.advance(500);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('bucket=c')])), [['OVER_LIMIT', 0, 1]]);
    h.clock.advance(500);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('bucket=c')])), [['OK', 0, 5]]);
    h.clock.advance(3000);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('bucket=c')])), [['OK', 2, 3]]);
  });

  it('token bucket: an addend above the burst is always over the limit and takes nothing', async () => {
    const h = harness();
    assert.deepEqual(statusesOf(await h.call('rl', [withHits('bucket=d', 6)])), [['OVER_LIMIT', 0, 1]]);
    h.clock.advance(3_600_000);
    assert.equal((await h.call('rl', [withHits('bucket=d', 6)])).overallCode, 'OVER_LIMIT');
    assert.deepEqual(statusesOf(await h.call('rl', [withHits('bucket=d', 5)])), [['OK', 0, 5]]);
  });

  it('hits_addend 0 only reads: a sliding window and a bucket are left as they are', async () => {
    const h = harness();
    await h.call('rl', [withHits('sliding=e', 4), withHits('bucket=e', 2)]);
    const read = await h.call('rl', [withHits('sliding=e', 0), withHits('bucket=e', 0)]);
    assert.deepEqual(statusesOf(read), [
      ['OK', 6, 60],
      ['OK', 3, 2],
    ]);
    assert.deepEqual(
      statusesOf(await h.call('rl', [withHits('sliding=e', 0), withHits('bucket=e', 0)])),
      statusesOf(read),
    );
  });

  it('requests_per_unit 0 on a token bucket refuses every hit without asking the store', async () => {
    const h = harness();
    const calls = h.store.incrementCalls;
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('closed=f')])), [['OVER_LIMIT', 0, 60]]);
    assert.deepEqual(statusesOf(await h.call('rl', [withHits('closed=f', 0)])), [['OK', 0, 60]]);
    assert.equal(h.store.incrementCalls, calls);
  });

  it('shadow mode answers OK and counts shadow_mode; quota mode keeps the request OK', async () => {
    const h = harness();
    await h.call('rl', [descriptor('shadow_bucket=g')]);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('shadow_bucket=g')])), [['OK', 0, 1]]);
    assert.equal(h.limitStat('rl.shadow_bucket', 'shadow_mode'), 1);
    await h.call('rl', [descriptor('quota_sliding=g')]);
    const quota = await h.call('rl', [descriptor('quota_sliding=g'), descriptor('fixed=g')]);
    assert.deepEqual([quota.overallCode, quota.statuses[0].code], ['OK', 'OVER_LIMIT']);
  });

  it('a request override counts with the algorithm of the rule it matches', async () => {
    const h = harness();
    const limit = { requestsPerUnit: 2, unit: 'MINUTE' as const };
    const override = { ...descriptor('sliding=h'), limit };
    await repeat(2, () => h.call('rl', [override]));
    h.clock.set(WINDOW_START_MS + 60_000 + 30_000); // previous 2 weigh 1: one more fits, then none
    assert.deepEqual(
      (await repeat(2, () => h.call('rl', [override]))).map((d) => d.overallCode),
      ['OK', 'OVER_LIMIT'],
    );
    const bucket = { ...descriptor('bucket=h'), limit }; // 2 per minute, burst 2
    assert.deepEqual((await repeat(3, () => h.call('rl', [bucket]))).map(statusesOf), [
      [['OK', 1, 30]],
      [['OK', 0, 60]],
      [['OVER_LIMIT', 0, 30]],
    ]);
  });
});

describe(`${RateLimitService.name} algorithms with the local cache, stop-increment and headers`, () => {
  it('the local cache answers an over-limit bucket until one token is back, then asks the store', async () => {
    const h = harness({ localCache: true });
    await repeat(6, () => h.call('rl', [descriptor('bucket=i')]));
    const calls = h.store.incrementCalls;
    h.clock.advance(400);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('bucket=i')])), [['OVER_LIMIT', 0, 1]]);
    assert.equal(h.store.incrementCalls, calls);
    assert.equal(h.limitStat('rl.bucket', 'over_limit_with_local_cache'), 1);
    h.clock.advance(600);
    assert.deepEqual(statusesOf(await h.call('rl', [descriptor('bucket=i')])), [['OK', 0, 5]]);
    assert.equal(h.store.incrementCalls, calls + 1);
  });

  it('the local cache answers an over-limit sliding window until one more hit would fit', async () => {
    const h = harness({ localCache: true });
    await h.call('rl', [withHits('sliding=j', 11)]); // over: the next hit fits in the next window
    const calls = h.store.incrementCalls;
    h.clock.advance(59_999);
    assert.equal((await h.call('rl', [descriptor('sliding=j')])).overallCode, 'OVER_LIMIT');
    assert.equal(h.store.incrementCalls, calls);
  });

  it('STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT: a bucket that would be over stops the other descriptors counting', async () => {
    const h = harness({ stopIncrement: true });
    await h.call('rl', [withHits('bucket=k', 5)]);
    const decision = await h.call('rl', [descriptor('bucket=k'), descriptor('sliding=k')]);
    assert.deepEqual(statusesOf(decision), [
      ['OVER_LIMIT', 0, 1],
      ['OK', 10, 60],
    ]);
    assert.deepEqual(statusesOf(await h.call('rl', [withHits('sliding=k', 0)])), [['OK', 10, 60]]);
  });

  it('RateLimit-Reset is the retry time of a bucket (and the window end of a fixed window)', async () => {
    const names = {
      limitHeader: 'RateLimit-Limit',
      remainingHeader: 'RateLimit-Remaining',
      resetHeader: 'RateLimit-Reset',
    };
    const h = harness({ responseHeaders: names });
    await repeat(5, () => h.call('rl', [descriptor('bucket=l')]));
    const over = await h.call('rl', [descriptor('bucket=l')]);
    assert.deepEqual(over.responseHeadersToAdd, [
      { key: 'RateLimit-Limit', value: '60' },
      { key: 'RateLimit-Remaining', value: '0' },
      { key: 'RateLimit-Reset', value: '1' },
    ]);
    h.clock.advance(20_000);
    const fixed = await h.call('rl', [descriptor('fixed=l')]);
    assert.deepEqual(fixed.responseHeadersToAdd.at(-1), { key: 'RateLimit-Reset', value: '40' });
  });
});
