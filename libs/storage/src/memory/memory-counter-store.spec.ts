import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { reads, runCounterStoreContract } from '../../test/counter-store.contract';
import { heapGrowthMiB } from '../../test/heap-growth';
import { DEFAULT_MEMORY_MAX_BYTES, MemoryCounterStore } from './memory-counter-store';
import { incrementCounts } from '../../test/increment-counts';

function createSut(maxKeys = 1000, random = () => 0, maxBytes?: number, onEvent?: (name: string) => void) {
  const clock = { nowMs: 1_700_000_000_000 };
  const store = new MemoryCounterStore({
    backend: 'memory',
    maxKeys,
    maxBytes,
    onEvent,
    now: () => clock.nowMs,
    random,
    jitterMaxSeconds: 0,
  });
  return { store, clock };
}

runCounterStoreContract(
  MemoryCounterStore.name,
  () => {
    const { store, clock } = createSut();
    return { store, advanceClock: (ms) => (clock.nowMs += ms) };
  },
  { hasFakeClock: true },
);

describe(MemoryCounterStore.name, () => {
  let sut: MemoryCounterStore;
  let clock: { nowMs: number };

  beforeEach(() => {
    ({ store: sut, clock } = createSut(3));
  });

  it('saturates at 2^53 - 1: a counter at the top stays over any limit, exactly', async () => {
    const hit = { key: 'top', addend: 4294967295, windowSeconds: 60 };
    assert.deepEqual(
      await incrementCounts(sut, [{ ...hit, addend: 2 ** 53 - 2 }, hit, { ...hit, addend: 0 }]),
      [2 ** 53 - 2, 2 ** 53 - 1, 2 ** 53 - 1],
    );
  });

  it('refreshes the expiry on every increment, like Redis EXPIRE', async () => {
    await incrementCounts(sut, [{ key: 'k', addend: 1, windowSeconds: 60 }]);
    clock.nowMs += 59_000;
    await incrementCounts(sut, [{ key: 'k', addend: 1, windowSeconds: 60 }]);
    clock.nowMs += 59_000;
    assert.deepEqual(await sut.getMany(reads('k')), [2]);
  });

  it('adds the jitter to the expiry', async () => {
    const jittered = new MemoryCounterStore({
      backend: 'memory',
      maxKeys: 10,
      now: () => clock.nowMs,
      random: () => 100 / 3600,
      jitterMaxSeconds: 3600,
    });
    await incrementCounts(jittered, [{ key: 'k', addend: 1, windowSeconds: 1 }]);
    clock.nowMs += 100_999;
    assert.deepEqual(await jittered.getMany(reads('k')), [1]);
    clock.nowMs += 1;
    assert.deepEqual(await jittered.getMany(reads('k')), [0]);
  });

  it('evicts the oldest counter beyond maxKeys', async () => {
    for (const key of ['a', 'b', 'c', 'd'])
      await incrementCounts(sut, [{ key, addend: 1, windowSeconds: 60 }]);
    assert.equal(sut.size, 3);
    assert.deepEqual(await sut.getMany(reads('a', 'b', 'c', 'd')), [0, 1, 1, 1]);
  });

  it('purges expired counters before evicting live ones', async () => {
    await incrementCounts(sut, [{ key: 'short', addend: 1, windowSeconds: 1 }]);
    await incrementCounts(sut, [{ key: 'b', addend: 1, windowSeconds: 60 }]);
    await incrementCounts(sut, [{ key: 'c', addend: 1, windowSeconds: 60 }]);
    clock.nowMs += 2_000;
    await incrementCounts(sut, [{ key: 'd', addend: 1, windowSeconds: 60 }]);
    assert.deepEqual(await sut.getMany(reads('b', 'c', 'd')), [1, 1, 1]);
  });

  it('purgeExpired drops only expired counters', async () => {
    await incrementCounts(sut, [
      { key: 'short', addend: 1, windowSeconds: 1 },
      { key: 'long', addend: 1, windowSeconds: 60 },
    ]);
    clock.nowMs += 1_000;
    assert.equal(sut.purgeExpired(), 1);
    assert.equal(sut.size, 1);
  });

  it('rejects a maxKeys below 1', () => {
    assert.throws(
      () =>
        new MemoryCounterStore({
          backend: 'memory',
          maxKeys: 0,
          now: Date.now,
          random: Math.random,
          jitterMaxSeconds: 0,
        }),
      /memory store maxKeys must be >= 1, got 0/,
    );
  });

  it('is unhealthy after close', async () => {
    await sut.close();
    assert.equal(sut.isHealthy(), false);
    await assert.rejects(sut.getMany(reads('a')), /memory counter store unavailable: the store is closed/);
  });

  it('retains nothing for counters that came and went after an eviction (found by the soak run)', async () => {
    ({ store: sut, clock } = createSut(5000));
    const increment = (key: string) => incrementCounts(sut, [{ key, addend: 1, windowSeconds: 1 }]);
    for (let i = 0; i <= 5000; i++) await increment(`fill${i}`); // the last one evicts
    const growth = await heapGrowthMiB(async () => {
      for (let n = 0; n < 300_000; n++) {
        clock.nowMs += 10;
        await increment(`k${n}`);
        if (n % 1000 === 0) sut.purgeExpired(); // the store's purge timer
      }
    });
    assert.ok(sut.size < 5000, 'nothing was evicted during the run');
    // The eviction iterator left standing held 70 MiB here. A healthy run retains 0.3-2 MiB alone and
    // read 5.5 MiB once in a loaded CI run, so the bound sits between that noise and the leak.
    assert.ok(growth < 20, `${growth.toFixed(1)} MiB retained`);
  });
});

/** What a one-character key counts (memoryEntryBytes: 128 + a 24-byte string). */
const ONE_CHAR_ENTRY = 152;

describe(`${MemoryCounterStore.name} byte budget (maxBytes)`, () => {
  const hit = (key: string, windowSeconds = 60) => ({ key, addend: 1, windowSeconds });

  it('defaults to 64 MiB and rejects a budget below 1 byte', () => {
    assert.equal(DEFAULT_MEMORY_MAX_BYTES, 67_108_864);
    assert.throws(() => createSut(10, () => 0, 0), /memory store maxBytes must be >= 1, got 0/);
  });

  it('counts each entry and evicts the oldest when the next one would pass maxBytes', async () => {
    const evicted: string[] = [];
    const { store } = createSut(
      1000,
      () => 0,
      3 * ONE_CHAR_ENTRY,
      (name) => evicted.push(name),
    );
    for (const key of ['a', 'b', 'c']) await incrementCounts(store, [hit(key)]);
    assert.equal(store.bytes, 456);
    await incrementCounts(store, [hit('d')]);
    assert.deepEqual([store.size, store.bytes, evicted], [3, 456, ['memory.evicted']]);
    assert.deepEqual(await store.getMany(reads('a', 'b', 'c', 'd')), [0, 1, 1, 1]);
  });

  it('evicts as many small entries as a larger one needs', async () => {
    const { store } = createSut(1000, () => 0, 4 * ONE_CHAR_ENTRY);
    for (const key of ['a', 'b', 'c', 'd']) await incrementCounts(store, [hit(key)]);
    const long = 'L'.repeat(250); // 128 + 272
    await incrementCounts(store, [hit(long)]);
    assert.deepEqual([store.size, store.bytes], [2, 552]);
    assert.deepEqual(await store.getMany(reads('a', 'b', 'c', 'd', long)), [0, 0, 0, 1, 1]);
  });

  it('gives the bytes back when counters expire, are purged or the store closes', async () => {
    const { store, clock } = createSut(1000, () => 0, 10_000);
    await incrementCounts(store, [hit('short', 1), hit('long', 60)]);
    assert.equal(store.bytes, 2 * 128 + 24 + 24);
    clock.nowMs += 1_000;
    assert.deepEqual(await store.getMany(reads('short')), [0]); // dropped on access
    assert.equal(store.bytes, 152);
    clock.nowMs += 59_000;
    assert.equal(store.purgeExpired(), 1);
    assert.equal(store.bytes, 0);
    await incrementCounts(store, [hit('again')]);
    await store.close();
    assert.equal(store.bytes, 0);
  });

  it('holds a 1.3 MB key as its digest: 200 bytes, counted apart from every other key', async () => {
    const { store } = createSut(1000, () => 0, 10_000);
    const value = 'x'.repeat(1_300_000);
    const key = `rl_api_jwt_${value}_1700000040`;
    assert.deepEqual(await incrementCounts(store, [hit(key), hit(key)]), [1, 2]);
    assert.deepEqual([store.size, store.bytes], [1, 200]);
    const other = `rl_api_jwt_${value}y_1700000040`;
    assert.deepEqual(await incrementCounts(store, [hit(other)]), [1]);
    assert.deepEqual(await store.getMany(reads(key, other)), [2, 1]);
  });

  it("reads a long key's previous window for a sliding window (both windows digested alike)", async () => {
    const { store, clock } = createSut(1000, () => 0, 10_000);
    const base = `rl_api_jwt_${'x'.repeat(100_000)}_`;
    const slide = (windowStart: number) => ({
      primitive: 'increment_and_read_previous' as const,
      key: base + windowStart,
      addend: 1,
      windowSeconds: 60,
    });
    await store.countMany([slide(1_700_000_040), slide(1_700_000_040)]);
    clock.nowMs += 60_000;
    const [outcome] = await store.countMany([slide(1_700_000_100)]);
    assert.deepEqual([outcome.count, outcome.previousCount, store.bytes], [1, 2, 400]);
  });
});
