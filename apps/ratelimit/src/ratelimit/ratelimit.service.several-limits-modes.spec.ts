// RateLimitService with `rate_limits` lists: the node's modes (shadow, quota, metadata) on every
// item, `replaces` per item, response headers from the reported item, the local over-limit cache
// per item and STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT as with one descriptor per limit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createServiceHarness,
  descriptor,
  repeat,
  type HarnessOptions,
} from '../../test/support/service-harness';
import { RateLimitService } from './ratelimit.service';

const RULES = `
domain: rl
descriptors:
  - key: account
    metadata: { team: payments }
    rate_limits:
      - { unit: second, requests_per_unit: 2 }
      - { unit: day, requests_per_unit: 5, name: daily }
  - key: shadow
    shadow_mode: true
    rate_limits:
      - { unit: second, requests_per_unit: 1 }
      - { unit: day, requests_per_unit: 100 }
  - key: quota
    quota_mode: true
    rate_limits:
      - { unit: minute, requests_per_unit: 1 }
      - { unit: hour, requests_per_unit: 10 }
  - key: free
    rate_limit: { unit: minute, requests_per_unit: 100, replaces: [{ name: daily }] }
  - key: premium
    rate_limits:
      - { unit: minute, requests_per_unit: 100, replaces: [{ name: plain_limit }] }
  - key: plain
    rate_limit: { unit: minute, requests_per_unit: 1, name: plain_limit }
`;
/** 2222 s: the second window starts at 2222, the minute window at 2220, the day window at 0. */
const NOW_SECONDS = 2222;
const REST_OF_DAY = 86400 - NOW_SECONDS;
const account = descriptor('account=a');
const withHits = (hitsAddend: number) => ({ ...account, hitsAddend });
const HEADERS = {
  limitHeader: 'RateLimit-Limit',
  remainingHeader: 'RateLimit-Remaining',
  resetHeader: 'RateLimit-Reset',
};

const harness = (options: HarnessOptions = {}) =>
  createServiceHarness(RULES, { nowSeconds: NOW_SECONDS, ...options });
const read = (key: string, windowSeconds: number) => ({ key, windowSeconds });

describe(`${RateLimitService.name} several limits: modes, replaces, headers, local cache`, () => {
  it('shadow_mode on the node: an over item answers OK with remaining 0 and counts shadow_mode', async () => {
    const h = harness();
    const decisions = await repeat(2, () => h.call('rl', [descriptor('shadow=s')]));
    assert.deepEqual(
      decisions.map((d) => [d.overallCode, d.statuses[0].code, d.statuses[0].limitRemaining]),
      [
        ['OK', 'OK', 0],
        ['OK', 'OK', 0],
      ],
    );
    assert.deepEqual(
      ['rl.shadow', 'rl.shadow.per_second', 'rl.shadow.per_day'].map((key) =>
        h.limitStat(key, 'shadow_mode'),
      ),
      [1, 1, 0],
    );
  });

  it('quota_mode on the node: the request is over only when every quota descriptor is', async () => {
    const h = harness();
    await h.call('rl', [descriptor('quota=q')]);
    assert.equal((await h.call('rl', [descriptor('quota=q')])).overallCode, 'OVER_LIMIT');
    const mixed = await h.call('rl', [descriptor('quota=q'), descriptor('plain=p')]);
    assert.deepEqual([mixed.overallCode, mixed.statuses[0].code], ['OK', 'OVER_LIMIT']);
  });

  it('takes the response headers from the reported item', async () => {
    const h = harness({ responseHeaders: HEADERS });
    const header = async (hits: number) =>
      (await h.call('rl', [withHits(hits)])).responseHeadersToAdd.map(({ value }) => value);
    assert.deepEqual(await header(4), ['2', '0', '1']); // second 4/2: over
    h.clock.advance(1000);
    assert.deepEqual(await header(1), ['5', '0', String(REST_OF_DAY - 1)]); // second 1/2, day 5/5
  });

  it("returns the node's metadata while the descriptor passes, and not once an item is over", async () => {
    const h = harness({ isDynamicMetadataEnabled: true });
    const metadata = async () => (await h.call('rl', [account])).dynamicMetadata?.metadata;
    assert.deepEqual(await metadata(), { team: 'payments' });
    assert.deepEqual(await metadata(), { team: 'payments' });
    assert.equal(await metadata(), undefined);
  });

  it('drops an item replaced by name on its own; the other items count', async () => {
    const h = harness();
    const decision = await h.call('rl', [account, descriptor('free=f')]);
    assert.deepEqual(
      decision.statuses.map((s) => [s.code, s.limitRemaining, s.currentLimit?.unit]),
      [
        ['OK', 1, 'SECOND'],
        ['OK', 99, 'MINUTE'],
      ],
    );
    const counts = await h.store.getMany([
      read('rl_account_a_per_second_2222', 1),
      read('rl_account_a_daily_0', 86400),
    ]);
    assert.deepEqual(counts, [1, 0]);
    assert.deepEqual(
      ['rl.account', 'rl.account.per_second', 'rl.account.daily'].map((key) =>
        h.limitStat(key, 'total_hits'),
      ),
      [1, 1, 0],
    );
  });

  it("applies an item's own replaces to the other descriptors of the request", async () => {
    const h = harness();
    const decision = await h.call('rl', [descriptor('premium=x'), descriptor('plain=x')]);
    assert.deepEqual(
      decision.statuses.map((s) => [s.code, s.currentLimit?.requestsPerUnit]),
      [
        ['OK', 100],
        ['OK', undefined],
      ],
    );
    assert.deepEqual(await h.store.getMany([read('rl_plain_x_2220', 60)]), [0]);
  });

  it('caches an over-limit item on its own key: the other items still reach the store', async () => {
    const h = harness({ localCache: true });
    await h.call('rl', [withHits(3)]); // second 3/2: marked; day 3/5
    assert.equal(h.localCache.isOverLimit('rl_account_a_per_second_2222', 2), true);
    assert.equal(h.localCache.isOverLimit('rl_account_a_daily_0', 5), false);
    const decision = await h.call('rl', [account]);
    assert.deepEqual(
      [decision.overallCode, decision.statuses[0].currentLimit?.unit],
      ['OVER_LIMIT', 'SECOND'],
    );
    const counts = await h.store.getMany([
      read('rl_account_a_per_second_2222', 1),
      read('rl_account_a_daily_0', 86400),
    ]);
    assert.deepEqual(counts, [3, 4]);
    const cached = (key: string) => h.limitStat(key, 'over_limit_with_local_cache');
    assert.deepEqual(['rl.account', 'rl.account.per_second', 'rl.account.daily'].map(cached), [1, 1, 0]);
  });

  it('with STOP_CACHE_KEY_INCREMENT_WHEN_OVERLIMIT, an item going over holds back the increments of the others', async () => {
    const h = harness({ stopIncrement: true });
    const decision = await h.call('rl', [withHits(3)]); // second 0 + 3 > 2; day 0 + 3 <= 5
    assert.deepEqual(
      [decision.overallCode, decision.statuses[0].currentLimit?.unit],
      ['OVER_LIMIT', 'SECOND'],
    );
    const counts = await h.store.getMany([
      read('rl_account_a_per_second_2222', 1),
      read('rl_account_a_daily_0', 86400),
    ]);
    assert.deepEqual(counts, [3, 0]);
  });
});
