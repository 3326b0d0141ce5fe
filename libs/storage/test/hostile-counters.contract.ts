// What no caller may do to a Redis store's other callers (docs/stores.md#saturated-counters,
// docs/stores.md#an-error-on-one-key), run against every Redis topology and increment mode by
// hostile-counters.int-spec.ts: a key set near the top of Redis's 64-bit range saturates instead of
// failing its batch; a key someone set by hand to a hash or to text fails only the calls on it, and
// their other hits are taken back.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RedisServer, RespReply } from '@repo/test-support';
import {
  previousWindowKey,
  RedisCounterStore,
  StoreUnavailableError,
  type CounterOperation,
  type RedisConnectionOptions,
} from '@repo/storage';
import { redisStoreOptions } from './store-options';

const CEILING = 2 ** 53 - 1;
/** One below Redis's largest integer: the next INCRBY 2 overflows. */
const NEAR_TOP = '9223372036854775806';
export const WINDOW = 60;
const YEAR_MS = 365 * 24 * 3600 * 1000;
const OTHER_CALLERS = 20;

/** A command on the key's owner: every node but the owner answers MOVED. */
export async function keyCommand(servers: readonly RedisServer[], ...args: string[]): Promise<RespReply> {
  for (const server of servers) {
    const reply = await server.command(...args);
    if (!(reply instanceof Error && reply.message.startsWith('MOVED'))) return reply;
  }
  throw new Error(`no node owns ${args[1]}`);
}

export const fixed = (key: string, addend: number): CounterOperation => ({
  key,
  addend,
  windowSeconds: WINDOW,
});

/** A key of the window starting at `start` (a multiple of the window, as buildCacheKey writes it). */
export function windowKey(name: string): string {
  const start = Math.floor(Date.now() / 1000 / WINDOW) * WINDOW;
  return `hostile_${name}_${Math.random().toString(36).slice(2)}_${start}`;
}

export function failsOn(key: string, reason: RegExp) {
  return (error: unknown) =>
    error instanceof StoreUnavailableError &&
    error.message.startsWith(`redis counter store unavailable: cannot count key ${JSON.stringify(key)}: `) &&
    reason.test(error.message);
}

export interface HostileCountersVariant {
  readonly name: string;
  /** How the store sends its batches (KV_INCREMENT_SCRIPT), checked first. */
  readonly mode: 'commands' | 'script';
  readonly connection: () => RedisConnectionOptions;
  /** Where a key of the test can be set directly (every master of a cluster). */
  readonly servers: () => readonly RedisServer[];
}

export function runHostileCountersSuite(variant: HostileCountersVariant): void {
  describe(variant.name, () => {
    let sut: RedisCounterStore;
    const set = (...args: string[]) => keyCommand(variant.servers(), ...args);
    before(async () => {
      sut = new RedisCounterStore(redisStoreOptions(variant.connection()));
      await sut.ready();
      assert.deepEqual(sut.incrementModes(), { main: variant.mode });
    });
    after(() => sut?.close());

    it(`a counter at the top of the range saturates; ${OTHER_CALLERS} callers batched with it count as usual`, async () => {
      const top = windowKey('top');
      const mixed = windowKey('mixed');
      await set('SET', top, NEAR_TOP, 'EX', String(WINDOW));
      const others = Array.from({ length: OTHER_CALLERS }, (_, i) => windowKey(`other${i}`));
      const calls = [
        sut.countMany([fixed(top, 1)]),
        sut.countMany([fixed(top, 2), fixed(mixed, 3)]),
        ...others.map((key) => sut.countMany([fixed(key, 1), fixed(mixed, 1)])),
      ];
      const outcomes = await Promise.all(calls);
      assert.deepEqual(
        outcomes.slice(0, 2).map((call) => call[0].count),
        [CEILING, CEILING],
      );
      assert.equal(outcomes[1][1].count, 3);
      assert.deepEqual(
        outcomes.slice(2).map((call) => call[0].count),
        others.map(() => 1),
      );
      // the mixed key counted every caller: 3, then 1 each
      assert.deepEqual(
        outcomes.slice(2).map((call) => call[1].count),
        others.map((_, i) => 3 + i + 1),
      );
      assert.ok(BigInt(String(await set('GET', top))) >= BigInt(NEAR_TOP), 'the counter is still at the top');
      assert.ok(Number(await set('TTL', top)) > 0);
    });

    it('values above 2^53 read back saturated: a sliding window previous window, getMany', async () => {
      const current = windowKey('sliding');
      const previous = previousWindowKey(current, WINDOW);
      await set('SET', previous, '9223372036854775807', 'EX', String(WINDOW));
      const [outcome] = await sut.countMany([
        { primitive: 'increment_and_read_previous', key: current, addend: 1, windowSeconds: WINDOW },
      ]);
      assert.deepEqual([outcome.count, outcome.previousCount], [1, CEILING]);
      assert.deepEqual(await sut.getMany([{ key: previous, windowSeconds: WINDOW }]), [CEILING]);
    });

    it('a token bucket take of 2^32 - 1 hits of a year each is stored, its expiry capped', async () => {
      const key = windowKey('bucket');
      const interval = YEAR_MS;
      const take = {
        primitive: 'take_tokens' as const,
        key,
        addend: 4294967295,
        windowSeconds: WINDOW,
        nowMs: Date.now(),
        emissionIntervalMs: interval,
        toleranceMs: interval * 4294967296, // room for one more: rounding never refuses the take
      };
      const [outcome] = await sut.countMany([take]);
      assert.deepEqual([outcome.isAllowed, outcome.tatBeforeMs], [true, 0]);
      const ttlMs = Number(await set('PTTL', key));
      assert.ok(ttlMs > 0.99e15 && ttlMs <= 1e15, `PTTL ${ttlMs}`);
    });

    // Longer than 40 lines on purpose: one batch, every kind of broken key, and what each caller saw.
    it('a broken key fails only its callers, whose other hits are taken back', async () => {
      const hash = windowKey('hash');
      const text = windowKey('text');
      const shared = windowKey('shared');
      const bucketOther = windowKey('bucketother');
      const sliding = windowKey('slidingcur');
      await set('HSET', hash, 'field', '1');
      await set('SET', text, 'abc', 'EX', String(WINDOW));
      await set('HSET', previousWindowKey(sliding, WINDOW), 'field', '1');
      const others = Array.from({ length: OTHER_CALLERS }, (_, i) => windowKey(`bystander${i}`));
      const onHash = sut.countMany([fixed(shared, 3), fixed(hash, 1)]);
      const onText = sut.countMany([fixed(bucketOther, 2), { ...bucketTake(text), addend: 1 }]);
      const onSliding = sut.countMany([
        fixed(bucketOther, 5),
        { primitive: 'increment_and_read_previous', key: sliding, addend: 4, windowSeconds: WINDOW },
      ]);
      const bystanders = others.map((key) => sut.countMany([fixed(key, 1), fixed(shared, 1)]));
      await assert.rejects(onHash, failsOn(hash, /WRONGTYPE/));
      await assert.rejects(onText, failsOn(text, /it holds "abc", which is not a number/));
      await assert.rejects(onSliding, failsOn(previousWindowKey(sliding, WINDOW), /WRONGTYPE/));
      const counted = await Promise.all(bystanders);
      assert.deepEqual(
        counted.map((call) => call[0].count),
        others.map(() => 1),
      );
      // the failed caller's 3 hits on the shared key are left out of every count
      assert.deepEqual(
        counted.map((call) => call[1].count),
        others.map((_, i) => i + 1),
      );
      await sut.flush(); // the undos
      const stored = async (key: string) => Number((await set('GET', key)) ?? 0);
      assert.equal(await stored(shared), OTHER_CALLERS);
      assert.equal(await stored(bucketOther), 0);
      assert.equal(await stored(sliding), 0);
      assert.equal(await set('HGET', hash, 'field'), '1');
      assert.equal(await set('GET', text), 'abc');
    });

    it('a token bucket taken by a call that failed on another key is given back', async () => {
      const hash = windowKey('hash2');
      const bucket = windowKey('bucket2');
      await set('HSET', hash, 'field', '1');
      const before = await sut.countMany([{ ...bucketTake(bucket), addend: 0 }]);
      assert.deepEqual([before[0].isAllowed, before[0].tatBeforeMs], [true, 0]);
      await assert.rejects(sut.countMany([bucketTake(bucket), fixed(hash, 1)]), failsOn(hash, /WRONGTYPE/));
      await sut.flush();
      assert.equal(await set('GET', bucket), null, 'the bucket is full again (no key)');
    });
  });
}

/** A bucket of 10 tokens a minute, taking 3. */
function bucketTake(key: string): CounterOperation {
  return {
    primitive: 'take_tokens',
    key,
    addend: 3,
    windowSeconds: WINDOW,
    nowMs: Date.now(),
    emissionIntervalMs: 6000,
    toleranceMs: 60000,
  };
}
