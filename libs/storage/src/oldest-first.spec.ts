import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { heapGrowthMiB } from '../test/heap-growth';
import { IDLE_ADDITIONS, OldestFirst } from './oldest-first';

/** Evicts `count` entries the way the stores do: take the oldest, delete it. */
function evict<K, V>(map: Map<K, V>, sut: OldestFirst<K, V>, count: number): K[] {
  const evicted: K[] = [];
  for (let i = 0; i < count; i++) {
    const oldest = sut.next();
    if (oldest === undefined) break;
    map.delete(oldest[0]);
    evicted.push(oldest[0]);
  }
  return evicted;
}

describe(OldestFirst.name, () => {
  it('hands out entries in insertion order, with their values', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const sut = new OldestFirst(map);
    assert.deepEqual(sut.next(), ['a', 1]);
    map.delete('a');
    assert.deepEqual(sut.next(), ['b', 2]);
  });

  it('sees entries added after the previous eviction, and re-inserted keys at their new place', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const sut = new OldestFirst(map);
    assert.deepEqual(evict(map, sut, 1), ['a']);
    map.set('d', 4);
    map.delete('b');
    map.set('b', 5); // refreshed: now the newest
    assert.deepEqual(evict(map, sut, 10), ['c', 'd', 'b']);
  });

  it('starts again from the oldest once it has run out, and says undefined for an empty map', () => {
    const map = new Map([['a', 1]]);
    const sut = new OldestFirst(map);
    assert.deepEqual(evict(map, sut, 5), ['a']);
    assert.equal(sut.next(), undefined);
    map.set('x', 1).set('y', 2);
    assert.deepEqual(evict(map, sut, 1), ['x']);
    map.clear();
    assert.equal(sut.next(), undefined);
  });

  it('skips entries deleted by someone else (expiry) without handing them out', () => {
    const map = new Map(Array.from({ length: 1000 }, (_, i) => [i, i] as [number, number]));
    const sut = new OldestFirst(map);
    for (let i = 0; i < 1000; i += 2) map.delete(i);
    assert.deepEqual(evict(map, sut, 3), [1, 3, 5]);
  });

  it(`drops its position after ${IDLE_ADDITIONS} additions without an eviction, not before`, () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const sut = new OldestFirst(map);
    assert.deepEqual(sut.next(), ['a', 1]); // handed out but kept: the caller did not delete it
    for (let i = 1; i < IDLE_ADDITIONS; i++) sut.addedWithoutEviction();
    assert.deepEqual(sut.next(), ['b', 2], 'the position is kept');
    for (let i = 0; i < IDLE_ADDITIONS; i++) sut.addedWithoutEviction();
    assert.deepEqual(evict(map, sut, 10), ['a', 'b'], 'a new iterator from the oldest entry');
  });

  it('holds none of the tables the Map outgrows while the owner adds without evicting', async () => {
    const map = new Map<number, number>([[-1, -1]]);
    const sut = new OldestFirst(map);
    sut.next(); // a position exists, as after an eviction
    const growth = await heapGrowthMiB(() => {
      for (let n = 0; n < 300_000; n++) {
        map.set(n, n);
        sut.addedWithoutEviction();
        if (map.size > 1000) map.delete(n - 1000); // expiry by someone else keeps the Map small
      }
    });
    // A resting iterator would hold about 15 MiB here (55 bytes per insertion).
    assert.ok(growth < 4, `${growth.toFixed(1)} MiB retained`);
  });
});
