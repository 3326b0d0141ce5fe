// One behaviour suite every CounterStore passes: memory (unit tests, fake clock) and real
// Redis / memcached servers (integration tests). Keys are unique per run so shared servers
// need no flushing.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { StoreUnavailableError, type CounterStore } from '@repo/storage';
import { runAlgorithmContract } from './algorithms.contract';
import { runSeveralLimitsContract } from './several-limits.contract';
import type { ContractFactory, ContractSubject, ContractTraits } from './contract-subject';
import { runExpiryContract } from './expiry.contract';
import { incrementCounts } from './increment-counts';
import { pollUntil } from './poll-until';

export type { ContractFactory, ContractSubject, ContractTraits } from './contract-subject';

const MINUTE = 60;

/** Reads of minute-window counters. */
export const reads = (...keys: string[]) => keys.map((key) => ({ key, windowSeconds: MINUTE }));

export function runCounterStoreContract(
  name: string,
  factory: ContractFactory,
  traits: ContractTraits = {},
): void {
  describe(`CounterStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let sut: CounterStore;
    const run = randomUUID().slice(0, 8);
    const keyOf = (label: string) => `contract_${run}_${label}`;

    before(async () => {
      subject = await factory();
      sut = subject.store;
      await sut.ready();
    });
    after(async () => {
      await sut.close();
    });

    it('counts increments per key', async () => {
      assert.deepEqual(
        await incrementCounts(sut, [{ key: keyOf('count'), addend: 1, windowSeconds: MINUTE }]),
        [1],
      );
      await sut.flush();
      assert.deepEqual(
        await incrementCounts(sut, [{ key: keyOf('count'), addend: 2, windowSeconds: MINUTE }]),
        [3],
      );
      await sut.flush();
      assert.deepEqual(await sut.getMany(reads(keyOf('count'))), [3]);
    });

    it('reads without changing the count when the addend is 0', async () => {
      await incrementCounts(sut, [{ key: keyOf('zero'), addend: 5, windowSeconds: MINUTE }]);
      await sut.flush();
      assert.deepEqual(
        await incrementCounts(sut, [{ key: keyOf('zero'), addend: 0, windowSeconds: MINUTE }]),
        [5],
      );
      await sut.flush();
      assert.deepEqual(await sut.getMany(reads(keyOf('zero'))), [5]);
    });

    it('answers many keys in input order', async () => {
      const counts = await incrementCounts(sut, [
        { key: keyOf('many_a'), addend: 1, windowSeconds: MINUTE },
        { key: keyOf('many_b'), addend: 2, windowSeconds: 1 },
        { key: keyOf('many_c'), addend: 3, windowSeconds: 3600 },
      ]);
      assert.deepEqual(counts, [1, 2, 3]);
      await sut.flush();
      assert.deepEqual(await sut.getMany(reads(keyOf('many_c'), keyOf('many_a'))), [3, 1]);
      if (!subject.readsBeforeIncrement) {
        // a 1-second window is read from where it was written (the per-second Redis store);
        // memcached's 1-second clock may already have expired it, so it is skipped there
        assert.deepEqual(await sut.getMany([{ key: keyOf('many_b'), windowSeconds: 1 }]), [2]);
      }
    });

    it('applies a key repeated in one call in order', async () => {
      const counts = await incrementCounts(sut, [
        { key: keyOf('repeat'), addend: 1, windowSeconds: MINUTE },
        { key: keyOf('repeat'), addend: 2, windowSeconds: MINUTE },
      ]);
      assert.deepEqual(counts, subject.readsBeforeIncrement ? [1, 2] : [1, 3]);
      await sut.flush();
      assert.deepEqual(await sut.getMany(reads(keyOf('repeat'))), [3]);
    });

    it('reads missing keys as 0', async () => {
      assert.deepEqual(await sut.getMany(reads(keyOf('missing_1'), keyOf('missing_2'))), [0, 0]);
      assert.deepEqual(await sut.getMany([]), []);
      assert.deepEqual(await incrementCounts(sut, []), []);
    });

    it('gives each of many concurrent callers the count after its own addend', async () => {
      const key = keyOf('concurrent');
      const calls = Array.from({ length: 50 }, () =>
        incrementCounts(sut, [{ key, addend: 1, windowSeconds: MINUTE }]),
      );
      const counts = (await Promise.all(calls)).map(([count]) => count);
      await sut.flush();
      assert.deepEqual(await sut.getMany(reads(key)), [50]);
      if (subject.readsBeforeIncrement) {
        assert.ok(counts.every((count) => count >= 1 && count <= 50));
      } else {
        assert.deepEqual(
          counts,
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
      }
    });

    it('forgets a counter after its window (jitter 0)', async () => {
      const key = keyOf('expiry');
      const read = [{ key, windowSeconds: 1 }];
      await incrementCounts(sut, [{ key, addend: 4, windowSeconds: 1 }]);
      await sut.flush();
      if (subject.advanceClock) {
        subject.advanceClock(999);
        assert.deepEqual(await sut.getMany(read), [4]);
        subject.advanceClock(1);
      } else {
        await pollUntil(async () => (await sut.getMany(read))[0] === 0, 5000, `${key} expires`);
      }
      assert.deepEqual(await sut.getMany(read), [0]);
    });

    describe('sliding windows and token buckets', () => runAlgorithmContract(() => subject, keyOf, traits));

    describe('several limits on one descriptor', () =>
      runSeveralLimitsContract(() => subject, keyOf, traits));

    const { redisExpiry } = traits;
    if (redisExpiry) describe('expiry in Redis', () => runExpiryContract(() => subject, keyOf, redisExpiry));

    it('is healthy while open', () => {
      assert.equal(sut.isHealthy(), true);
    });

    it('rejects calls after close with StoreUnavailableError', async () => {
      const other = await factory();
      await other.store.ready();
      await other.store.close();
      await assert.rejects(
        incrementCounts(other.store, [{ key: keyOf('closed'), addend: 1, windowSeconds: MINUTE }]),
        StoreUnavailableError,
      );
    });
  });
}
