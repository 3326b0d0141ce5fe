import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALGORITHMS, cachedCountingKey, type RateLimitRule } from '@repo/rules';
import { STORE_CAPABILITIES, windowOutcome, type StoreCapabilities } from '@repo/storage';
import { testRule } from '../../../test/support/rule-fixtures';
import type { PendingHits } from './counter-algorithm';
import { COUNTER_ALGORITHMS, algorithmOf, unsupportedAlgorithms } from './counter-algorithms';

const NOW_MS = 1_000_000; // 40 s into a minute

const pending = (rule: RateLimitRule, addend: number, extra: Partial<PendingHits> = {}): PendingHits => ({
  key: 'k',
  addend,
  rule,
  outcome: undefined,
  localCacheUntilMs: 0,
  isCountedCached: false,
  ...extra,
});

describe('COUNTER_ALGORITHMS', () => {
  it('has a unit for every algorithm the rules accept', () => {
    assert.deepEqual(Object.keys(COUNTER_ALGORITHMS).sort(), [...ALGORITHMS].sort());
  });

  it('keys: a window start, or one bucket per descriptor; an item label goes before the ending', () => {
    const fixed = testRule({ requestsPerUnit: 5, unit: 'MINUTE' });
    const bucket = testRule({ requestsPerUnit: 5, unit: 'MINUTE', algorithm: 'token_bucket', burst: 5 });
    assert.equal(algorithmOf(fixed).counterKey('d_k_v_', fixed, 1000), 'd_k_v_960');
    assert.equal(algorithmOf(bucket).counterKey('d_k_v_a_', bucket, 1000), 'd_k_v_a_tb');
  });

  it('a fixed window refuses from the local cache until its window ends; the others until the mark ends', () => {
    const fixed = testRule({ requestsPerUnit: 5, unit: 'MINUTE' });
    const sliding = testRule({ requestsPerUnit: 5, unit: 'MINUTE', algorithm: 'sliding_window' });
    assert.deepEqual(
      algorithmOf(fixed).cachedTally(pending(fixed, 1, { localCacheUntilMs: NOW_MS + 5_000 }), NOW_MS),
      {
        after: 6,
        limit: 5,
        durationUntilResetSeconds: 20,
        overLimitTtlMs: 0,
      },
    );
    assert.equal(
      algorithmOf(sliding).cachedTally(pending(sliding, 1, { localCacheUntilMs: NOW_MS + 5_001 }), NOW_MS)
        .durationUntilResetSeconds,
      6,
    );
  });

  it('would exceed: the same test as the tally, from the stored values', () => {
    const fixed = testRule({ requestsPerUnit: 10, unit: 'MINUTE' });
    assert.equal(algorithmOf(fixed).wouldExceed(pending(fixed, 2), [8], NOW_MS), false);
    assert.equal(algorithmOf(fixed).wouldExceed(pending(fixed, 2), [9], NOW_MS), true);
    assert.equal(
      algorithmOf(fixed).tally(pending(fixed, 2, { outcome: windowOutcome(11) }), NOW_MS).after,
      11,
    );
  });

  it('refuses the algorithms whose primitive the store lacks, naming the stores that run it', () => {
    assert.equal(
      unsupportedAlgorithms(STORE_CAPABILITIES.memcache).get('token_bucket'),
      'token_bucket needs the redis or memory backend',
    );
    assert.equal(unsupportedAlgorithms(STORE_CAPABILITIES.redis).has('token_bucket'), false);
  });

  it('refuses `counting: cached` with another algorithm than fixed_window, and on a store refusing it', () => {
    const onlyFixed = 'counting: cached is only valid with algorithm fixed_window';
    const cachedRefusals = (capabilities?: StoreCapabilities) =>
      (['fixed_window', 'sliding_window', 'token_bucket'] as const).map((algorithm) =>
        unsupportedAlgorithms(capabilities).get(cachedCountingKey(algorithm)),
      );
    for (const capabilities of [STORE_CAPABILITIES.redis, STORE_CAPABILITIES.memory, undefined])
      assert.deepEqual(cachedRefusals(capabilities), [undefined, onlyFixed, onlyFixed]);
    assert.deepEqual(cachedRefusals(STORE_CAPABILITIES.memcache), [
      'counting: cached needs the redis or memory backend',
      onlyFixed,
      onlyFixed,
    ]);
  });
});
