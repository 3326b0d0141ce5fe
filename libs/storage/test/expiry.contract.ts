// What a Redis store leaves in Redis (docs/stores.md, expiry), part of the contract for subjects
// that can look at their server (ContractSubject.redisKeys; jitter 0): every key a call writes
// has an expiry (never -1), the expected one when the call creates it, also when the call only
// reads (addend 0 creates the key with 0). The batch script sets the expiry once, on creation,
// so a later increment in the same window leaves it; Envoy's per-key commands set it again on
// every increment.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { CounterOperation } from '@repo/storage';
import type { RedisServer } from '@repo/test-support';
import type { ContractSubject, ExpiryBehaviour, RedisKeyInspector } from './contract-subject';

export function redisKeyInspector(main: RedisServer, perSecond?: RedisServer): RedisKeyInspector {
  const serverOf = (windowSeconds: number) => (windowSeconds === 1 && perSecond ? perSecond : main);
  return {
    pttl: async (key, windowSeconds) => Number(await serverOf(windowSeconds).command('PTTL', key)),
    get: async (key, windowSeconds) => (await serverOf(windowSeconds).command('GET', key)) as string | null,
    pexpire: async (key, windowSeconds, ms) => {
      await serverOf(windowSeconds).command('PEXPIRE', key, String(ms));
    },
  };
}

type Subject = () => ContractSubject;
type KeyOf = (label: string) => string;

const fixed = (key: string, addend: number, windowSeconds: number): CounterOperation => ({
  primitive: 'increment',
  key,
  addend,
  windowSeconds,
});
const sliding = (key: string, addend: number, windowSeconds: number): CounterOperation => ({
  primitive: 'increment_and_read_previous',
  key,
  addend,
  windowSeconds,
});
/** The key's lifetime in Redis: its window, two for a sliding window (the next window reads it). */
const lifetimeOf = (operation: CounterOperation) =>
  operation.primitive === 'increment_and_read_previous'
    ? 2 * operation.windowSeconds
    : operation.windowSeconds;

export function runExpiryContract(subject: Subject, keyOf: KeyOf, behaviour: ExpiryBehaviour): void {
  const inspector = () => subject().redisKeys!;
  /** Asserts the key's value and that its expiry is `seconds` (set less than 2 s ago). */
  const assertFresh = async (operation: CounterOperation, value: string) => {
    const { key, windowSeconds } = operation;
    const pttl = await inspector().pttl(key, windowSeconds);
    const seconds = lifetimeOf(operation);
    assert.ok(
      pttl > (seconds - 2) * 1000 && pttl <= seconds * 1000,
      `${key}: PTTL ${pttl}, expected ${seconds} s`,
    );
    assert.equal(await inspector().get(key, windowSeconds), value, key);
  };

  it('gives every key it writes its expiry on creation, reads (addend 0) and merged keys included', async () => {
    const operations = [
      fixed(`${keyOf('ttl_minute')}_600`, 1, 60),
      fixed(`${keyOf('ttl_hour')}_3600`, 2, 3600),
      sliding(`${keyOf('ttl_sliding')}_600`, 1, 60),
      fixed(`${keyOf('ttl_read')}_600`, 0, 60),
      sliding(`${keyOf('ttl_sliding_read')}_600`, 0, 60),
      fixed(`${keyOf('ttl_merged')}_600`, 1, 60),
      fixed(`${keyOf('ttl_merged')}_600`, 3, 60),
    ];
    const concurrent = [fixed(`${keyOf('ttl_merged')}_600`, 2, 60), fixed(`${keyOf('ttl_read')}_600`, 0, 60)];
    const [counts] = await Promise.all([
      subject().store.countMany(operations),
      subject().store.countMany(concurrent),
    ]);
    assert.deepEqual(
      counts.map((outcome) => outcome.count),
      [1, 2, 1, 0, 0, 1, 4],
    );
    const values = ['1', '2', '1', '0', '0', '6', '6'];
    for (const [i, operation] of operations.entries()) await assertFresh(operation, values[i]);
  });

  const kept = behaviour === 'set-on-create';
  it(
    kept
      ? 'keeps the expiry a key got on creation when later calls count it (fixed and sliding)'
      : 'sets the expiry again on every increment, as Envoy does (fixed and sliding)',
    async () => {
      const operations = [
        fixed(`${keyOf('ttl_kept')}_600`, 1, 60),
        sliding(`${keyOf('ttl_kept_sw')}_600`, 1, 60),
      ];
      await subject().store.countMany(operations);
      for (const { key, windowSeconds } of operations) await inspector().pexpire(key, windowSeconds, 30_000);
      await subject().store.countMany(operations);
      await subject().store.countMany(operations.map((operation) => ({ ...operation, addend: 0 })));
      for (const operation of operations) {
        if (!kept) {
          await assertFresh(operation, '2');
          continue;
        }
        const pttl = await inspector().pttl(operation.key, operation.windowSeconds);
        assert.ok(pttl > 28_000 && pttl <= 30_000, `${operation.key}: PTTL ${pttl}, expected the 30 s left`);
        assert.equal(await inspector().get(operation.key, operation.windowSeconds), '2');
      }
    },
  );
}
