// Several limits on one descriptor (a `rate_limits` list), part of the contract every store passes
// (run from runCounterStoreContract): each item has its own key, `<base><label>_<window start>`
// or `<base><label>_tb`, so items that share a window never share a counter; every item of every
// descriptor of a request goes in one countMany call, which the store answers in the round trips
// of a single limit (one per server it touches).
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { CounterOperation, CounterStore } from '@repo/storage';
import type { ContractSubject, ContractTraits } from './contract-subject';
import { incrementCounts } from './increment-counts';

type Subject = () => ContractSubject;
type KeyOf = (label: string) => string;

/** The items of one descriptor: 1 s, two 1 min (fixed and sliding), a day; a bucket when supported. */
function itemsOf(base: string, addend: number, withBucket: boolean): CounterOperation[] {
  const items: CounterOperation[] = [
    { key: `${base}per_second_600`, addend, windowSeconds: 1 },
    { key: `${base}per_minute_600`, addend, windowSeconds: 60 },
    { primitive: 'increment_and_read_previous', key: `${base}per_minute_2_600`, addend, windowSeconds: 60 },
    { key: `${base}daily_0`, addend, windowSeconds: 86400 },
  ];
  if (!withBucket) return items;
  const bucket = { emissionIntervalMs: 1000, toleranceMs: 3000, nowMs: 1_000_000 };
  return [
    ...items,
    { primitive: 'take_tokens', key: `${base}burst_tb`, addend, windowSeconds: 60, ...bucket },
  ];
}

export function runSeveralLimitsContract(subject: Subject, keyOf: KeyOf, traits: ContractTraits): void {
  const sut = (): CounterStore => subject().store;
  const withBucket = traits.supportsTokenBuckets !== false;

  it('several limits: counts each item of a descriptor on its own key, in one call', async () => {
    const base = `${keyOf('items')}_account_a_`;
    // the sliding item's previous window, and a fixed counter of the same window start
    await incrementCounts(sut(), [
      { key: `${base}per_minute_2_540`, addend: 4, windowSeconds: 60 },
      { key: `${base}600`, addend: 9, windowSeconds: 60 },
    ]);
    await sut().flush();
    const first = await sut().countMany(itemsOf(base, 1, withBucket));
    await sut().flush();
    const second = await sut().countMany(itemsOf(base, 2, withBucket));
    await sut().flush();
    const summary = (outcomes: typeof first) => outcomes.map((o) => [o.count, o.previousCount, o.isAllowed]);
    const bucket = withBucket ? [[0, 0, true]] : [];
    assert.deepEqual(summary(first), [[1, 0, true], [1, 0, true], [1, 4, true], [1, 0, true], ...bucket]);
    // memcached may already have expired its 1-second item (its clock has whole seconds)
    const perSecond = subject().readsBeforeIncrement && second[0].count === 2 ? 2 : 3;
    assert.deepEqual(summary(second), [
      [perSecond, 0, true],
      [3, 0, true],
      [3, 4, true],
      [3, 0, true],
      ...bucket,
    ]);
    const reads = [`${base}per_minute_600`, `${base}per_minute_2_600`, `${base}daily_0`, `${base}600`];
    assert.deepEqual(await sut().getMany(reads.map((key) => ({ key, windowSeconds: 60 }))), [3, 3, 3, 9]);
  });

  it('several limits: the items of two descriptors share one call and keep their own counts', async () => {
    const [a, b] = [`${keyOf('two')}_account_a_`, `${keyOf('two')}_account_b_`];
    const outcomes = await sut().countMany([...itemsOf(a, 1, withBucket), ...itemsOf(b, 5, withBucket)]);
    const counts = outcomes.map((outcome) => outcome.count);
    const bucket = withBucket ? [0] : [];
    assert.deepEqual(counts, [1, 1, 1, 1, ...bucket, 5, 5, 5, 5, ...bucket]);
    // the last one is b's bucket where there is one: five tokens do not fit a bucket of three
    assert.equal(outcomes.at(-1)?.isAllowed, !withBucket);
    await sut().flush();
  });

  const perCall = traits.roundTripsPerCall;
  if (perCall === undefined) return;
  it('several limits: one call of many items costs the round trips of one limit per server', async () => {
    const count = subject().countRoundTrips!;
    const [a, b] = [`${keyOf('trips')}_account_a_`, `${keyOf('trips')}_account_b_`];
    await sut().countMany(itemsOf(a, 1, withBucket)); // loads the script where there is one
    await sut().flush();
    const before = await count();
    await sut().countMany([...itemsOf(a, 1, withBucket), ...itemsOf(b, 1, withBucket)]);
    await sut().flush();
    assert.equal((await count()) - before, perCall);
  });
}
