// memcached's counters near the top of their range (docs/stores.md#saturated-counters), against a
// real memcached: a stored count above 2^53 - 1 (memcached's incr keeps an unsigned 64-bit
// decimal) reads as saturated, over every limit, instead of the reference's 0, and is not
// incremented further, so memcached never wraps it past 2^64 - 1 to a small number.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { memcachedCommand, startMemcached, type MemcachedServer } from '@repo/test-support';
import { MemcachedCounterStore } from '@repo/storage';
import { memcacheStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

const TOP = '18446744073709551610'; // 2^64 - 6: an incr of 6 would wrap to 0

describe('MemcachedCounterStore near the top of the range', () => {
  let memcached: MemcachedServer;
  let sut: MemcachedCounterStore;

  before(async () => {
    memcached = await startMemcached();
    sut = new MemcachedCounterStore(memcacheStoreOptions({ hostPorts: [`127.0.0.1:${memcached.port}`] }));
  });
  after(async () => {
    await sut?.close();
    await memcached?.stop();
  });

  it('a count above 2^53 - 1 answers 2^53 - 1 and stays where it is; other keys count as usual', async () => {
    const key = `saturated_${Date.now()}`;
    const set = `set ${key} 0 60 ${TOP.length}\r\n${TOP}`;
    assert.equal(await memcachedCommand(memcached.port, set), 'STORED');
    const counts = await incrementCounts(sut, [
      { key, addend: 6, windowSeconds: 60 },
      { key: `${key}_other`, addend: 6, windowSeconds: 60 },
    ]);
    assert.deepEqual(counts, [2 ** 53 - 1, 6]);
    await sut.flush();
    assert.equal(await memcachedCommand(memcached.port, `incr ${key} 0`), TOP);
    assert.deepEqual(await sut.getMany([{ key, windowSeconds: 60 }]), [2 ** 53 - 1]);
  });
});
