import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CacheEntries, isClean, totalOf } from './cache-entries';

function loaded(sut: CacheEntries, key: string) {
  const entry = sut.add(key, 60, () => assert.fail(`no eviction expected for ${key}`));
  assert.ok(entry);
  entry.storedTotal = 1;
  sut.update(entry);
  return entry;
}

describe(CacheEntries.name, () => {
  it('adds entries that answer nothing until read, and sums a total from their parts', () => {
    const sut = new CacheEntries(2);
    const entry = sut.add('a', 60, () => undefined);
    assert.ok(entry);
    assert.deepEqual([entry.readAtMs, totalOf(entry), isClean(entry)], [Number.NEGATIVE_INFINITY, 0, true]);
    Object.assign(entry, { storedTotal: 5, flushing: 2, pending: 3 });
    assert.deepEqual([totalOf(entry), isClean(entry)], [10, false]);
  });

  it('at the bound drops the entry clean the longest, in the order entries became clean', () => {
    const sut = new CacheEntries(2);
    const a = loaded(sut, 'a');
    loaded(sut, 'b');
    a.pending = 1;
    sut.update(a);
    a.pending = 0;
    sut.update(a); // clean again, after b
    const evicted: string[] = [];
    sut.add('c', 60, () => evicted.push('one'));
    assert.deepEqual([sut.get('a') === a, sut.get('b'), sut.size, evicted], [true, undefined, 2, ['one']]);
  });

  it('answers undefined at the bound when no entry is clean', () => {
    const sut = new CacheEntries(1);
    const a = loaded(sut, 'a');
    a.pending = 4;
    sut.update(a);
    assert.equal(
      sut.add('b', 60, () => assert.fail('nothing to evict')),
      undefined,
    );
    assert.equal(sut.get('a')?.pending, 4);
  });
});
