// The sliding window and token bucket operations (docs/algorithms.md), part of the contract every store
// passes (run from runCounterStoreContract). Token bucket takes carry their own `nowMs`, so the
// arithmetic is exact against real servers too; only expiry waits for real time there.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { CounterOperation, CounterStore, TokenBucketTake } from '@repo/storage';
import type { ContractSubject, ContractTraits } from './contract-subject';
import { pollUntil } from './poll-until';
import { incrementCounts } from './increment-counts';

const MINUTE = 60;

type Subject = () => ContractSubject;
type KeyOf = (label: string) => string;

export function runAlgorithmContract(subject: Subject, keyOf: KeyOf, traits: ContractTraits): void {
  runSlidingWindow(subject, keyOf);
  if (traits.hasFakeClock) runSlidingExpiry(subject, keyOf);
  if (traits.supportsTokenBuckets === false) runRefusedTokenBuckets(subject, keyOf);
  else runTokenBuckets(subject, keyOf);
}

function runSlidingWindow(subject: Subject, keyOf: KeyOf): void {
  const sut = (): CounterStore => subject().store;
  // window starts 600 and 540: the previous window's key is derived from the current one's
  const sliding = (label: string, addend: number): CounterOperation => ({
    primitive: 'increment_and_read_previous',
    key: `${keyOf(label)}_600`,
    addend,
    windowSeconds: MINUTE,
  });

  it('sliding window: counts the current window and reads the previous one in the same call', async () => {
    await incrementCounts(sut(), [{ key: `${keyOf('sw')}_540`, addend: 7, windowSeconds: MINUTE }]);
    await sut().flush();
    const first = await sut().countMany([sliding('sw', 2)]);
    assert.deepEqual(
      first.map((o) => [o.count, o.previousCount]),
      [[2, 7]],
    );
    await sut().flush();
    const second = await sut().countMany([sliding('sw', 1), sliding('sw', 0)]);
    const counts = subject().readsBeforeIncrement ? [3, 2] : [3, 3];
    assert.deepEqual(
      second.map((o) => [o.count, o.previousCount]),
      [
        [counts[0], 7],
        [counts[1], 7],
      ],
    );
    await sut().flush();
    const reads = [`${keyOf('sw')}_600`, `${keyOf('sw')}_540`].map(minuteRead);
    assert.deepEqual(await sut().getMany(reads), [3, 7]);
  });
}

/** Memory store (fake clock); Redis checks the TTL itself (redis.int-spec.ts). */
function runSlidingExpiry(subject: Subject, keyOf: KeyOf): void {
  it("sliding window: keeps the current window for two windows (it is the next one's previous)", async () => {
    const { store, advanceClock } = subject();
    const advance = advanceClock as (ms: number) => void;
    const key = `${keyOf('sw_two')}_10`;
    await store.countMany([{ primitive: 'increment_and_read_previous', key, addend: 4, windowSeconds: 1 }]);
    advance(1999);
    assert.deepEqual(await store.getMany([{ key, windowSeconds: 1 }]), [4]);
    advance(1);
    assert.deepEqual(await store.getMany([{ key, windowSeconds: 1 }]), [0]);
  });
}

function runTokenBuckets(subject: Subject, keyOf: KeyOf): void {
  const sut = (): CounterStore => subject().store;

  it('answers a fixed window, a sliding window and a token bucket of one call in input order', async () => {
    const outcomes = await sut().countMany([
      { key: keyOf('mix_fixed'), addend: 2, windowSeconds: MINUTE },
      {
        primitive: 'increment_and_read_previous',
        key: `${keyOf('mix')}_600`,
        addend: 3,
        windowSeconds: MINUTE,
      },
      take(keyOf('mix_bucket'), 1, Date.now()),
    ]);
    assert.deepEqual(
      outcomes.map((o) => [o.count, o.previousCount, o.isAllowed, o.tatBeforeMs]),
      [
        [2, 0, true, 0],
        [3, 0, true, 0],
        [0, 0, true, 0],
      ],
    );
  });

  it('token bucket: takes up to the burst, refuses without changing the state, 0 only reads', async () => {
    const key = keyOf('tb');
    const now = Date.now();
    const answers = [];
    for (const hits of [2, 1, 1, 0]) answers.push((await sut().countMany([take(key, hits, now)]))[0]);
    assert.deepEqual(
      answers.map((o) => [o.isAllowed, o.tatBeforeMs]),
      [
        [true, 0],
        [true, now + 2000],
        [false, now + 3000],
        [true, now + 3000],
      ],
    );
    assert.deepEqual(await sut().getMany([minuteRead(key)]), [now + 3000]);
  });

  it('token bucket: takes of one call apply in order; time refills the bucket', async () => {
    const key = keyOf('tb_order');
    const now = Date.now();
    const batch = await sut().countMany([take(key, 2, now), take(key, 2, now)]);
    assert.deepEqual(
      batch.map((o) => o.isAllowed),
      [true, false],
    );
    // burst 3, 2 taken: one interval later 2 tokens are there again: 3 do not fit, 2 do
    const later = await sut().countMany([take(key, 3, now + 1000), take(key, 2, now + 1000)]);
    assert.deepEqual(
      later.map((o) => [o.isAllowed, o.tatBeforeMs]),
      [
        [false, now + 2000],
        [true, now + 2000],
      ],
    );
  });

  it('token bucket: keeps a fractional TAT exactly (T = 60 s / 7)', async () => {
    const key = keyOf('tb_fraction');
    const now = Date.now();
    const interval = 60_000 / 7;
    const fractional = { ...take(key, 1, now), emissionIntervalMs: interval, toleranceMs: interval * 3 };
    await sut().countMany([fractional]);
    const [second] = await sut().countMany([fractional]);
    assert.equal(second.tatBeforeMs, now + interval);
  });

  it('token bucket: forgets the bucket once it is full again', async () => {
    const key = keyOf('tb_expiry');
    const now = Date.now();
    await sut().countMany([{ ...take(key, 1, now), emissionIntervalMs: 50, toleranceMs: 50 }]);
    const advance = subject().advanceClock;
    if (advance) {
      advance(49);
      assert.deepEqual(await sut().getMany([minuteRead(key)]), [now + 50]);
      advance(1);
    } else {
      await pollUntil(async () => (await sut().getMany([minuteRead(key)]))[0] === 0, 5000, `${key} expires`);
    }
    assert.deepEqual(await sut().getMany([minuteRead(key)]), [0]);
  });
}

function runRefusedTokenBuckets(subject: Subject, keyOf: KeyOf): void {
  it('refuses token buckets (their rules are refused at load)', async () => {
    await assert.rejects(
      subject().store.countMany([take(keyOf('no_tb'), 1, Date.now())]),
      /memcached cannot run take_tokens/,
    );
  });
}

/** T = 1 s, burst 3. */
function take(key: string, addend: number, nowMs: number): TokenBucketTake {
  return {
    primitive: 'take_tokens',
    key,
    addend,
    windowSeconds: MINUTE,
    nowMs,
    emissionIntervalMs: 1000,
    toleranceMs: 3000,
  };
}

function minuteRead(key: string) {
  return { key, windowSeconds: MINUTE };
}
