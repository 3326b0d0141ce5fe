import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_CAPABILITIES, storesCountingCached, storesRunning } from './store-capabilities';

const operations = [
  { key: 'a_1', addend: 1, windowSeconds: 1 },
  { key: 'b_60', addend: 1, windowSeconds: 60 },
  { primitive: 'increment_and_read_previous' as const, key: 'c_60', addend: 1, windowSeconds: 60 },
];

describe('STORE_CAPABILITIES', () => {
  it('memcached runs no take_tokens and counts after answering; redis and memory run every primitive', () => {
    assert.deepEqual(STORE_CAPABILITIES.memcache.primitives, ['increment', 'increment_and_read_previous']);
    assert.equal(STORE_CAPABILITIES.memcache.isCountedAfterAnswer, true);
    for (const kind of ['redis', 'memory'] as const) {
      assert.deepEqual(STORE_CAPABILITIES[kind].primitives, [
        'increment',
        'increment_and_read_previous',
        'take_tokens',
      ]);
      assert.equal(STORE_CAPABILITIES[kind].isCountedAfterAnswer, false);
    }
  });

  it('counting: cached is the engine on redis, exact on memory (its own counters), refused on memcached', () => {
    const support = (['redis', 'memory', 'memcache'] as const).map(
      (kind) => STORE_CAPABILITIES[kind].cachedCounting,
    );
    assert.deepEqual(support, ['write_behind', 'exact', 'refused']);
    assert.deepEqual(storesCountingCached(), ['redis', 'memory']);
  });

  it('names the stores running a primitive in table order', () => {
    assert.deepEqual(storesRunning('take_tokens'), ['redis', 'memory']);
    assert.deepEqual(storesRunning('increment'), ['redis', 'memory', 'memcache']);
  });

  it("describes a call as the reference's span per store (redis splits the per-second store's share)", () => {
    assert.deepEqual(STORE_CAPABILITIES.redis.describeCall(operations, true), {
      name: 'Redis Pipeline Execution',
      attributes: { 'pipeline length': 4, 'perSecondPipeline length': 2 },
    });
    assert.deepEqual(STORE_CAPABILITIES.redis.describeCall(operations, false).attributes, {
      'pipeline length': 6,
      'perSecondPipeline length': 0,
    });
    assert.deepEqual(STORE_CAPABILITIES.memcache.describeCall(operations, false), {
      name: 'Memcached Fetch Execution',
      attributes: { 'keysToGet length': 3 },
    });
    assert.deepEqual(STORE_CAPABILITIES.memory.describeCall(operations, false), {
      name: 'Memory Store Execution',
      attributes: { 'keys length': 3 },
    });
  });
});
