import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCounterStore } from './create-counter-store';
import { MemcachedCounterStore } from './memcached/memcached-counter-store';
import { MemoryCounterStore } from './memory/memory-counter-store';
import { StorageOptionsError } from './storage-options-error';

const common = { now: () => 0, random: () => 0, jitterMaxSeconds: 0 };

describe(createCounterStore.name, () => {
  it('builds the memory store', async () => {
    const sut = createCounterStore({ backend: 'memory', maxKeys: 1, ...common });
    assert.ok(sut instanceof MemoryCounterStore);
    await sut.close();
  });

  it('builds the memcache store without connecting (connections open on first use)', async () => {
    const sut = createCounterStore({
      backend: 'memcache',
      hostPorts: ['127.0.0.1:1'],
      maxIdleConnections: 2,
      timeoutMs: 100,
      ...common,
    });
    assert.ok(sut instanceof MemcachedCounterStore);
    assert.deepEqual((sut as MemcachedCounterStore).servers, ['127.0.0.1:1']);
    await sut.close();
  });

  it('demands exactly one of memcache hostPorts and srv', () => {
    const both = {
      backend: 'memcache',
      hostPorts: ['a:1'],
      srv: '_m._tcp.x',
      maxIdleConnections: 1,
      timeoutMs: 1,
    } as const;
    assert.throws(() => createCounterStore({ ...both, ...common }), StorageOptionsError);
    assert.throws(() => createCounterStore({ ...both, hostPorts: [], srv: undefined, ...common }), {
      message: 'memcache needs exactly one of hostPorts (ALTCACHE_HOST_PORT) and srv (ALTCACHE_SRV)',
    });
  });

  it('rejects a malformed memcache node address at creation', () => {
    const options = {
      backend: 'memcache',
      hostPorts: ['10.0.0.1'],
      maxIdleConnections: 1,
      timeoutMs: 1,
    } as const;
    assert.throws(() => createCounterStore({ ...options, ...common }), {
      name: 'StorageOptionsError',
      message: 'memcache node must be host:port, got "10.0.0.1"',
    });
  });

  it('rejects malformed redis urls before connecting', () => {
    const main = {
      type: 'sentinel',
      url: 'mymaster',
      timeoutMs: 100,
      pipelineWindowMs: 0,
      pipelineLimit: 0,
    } as const;
    const startup = { initialIntervalMs: 1, maxIntervalMs: 1, maxElapsedMs: 1 };
    assert.throws(
      () =>
        createCounterStore({
          backend: 'redis',
          main,
          startup,
          healthCheckActiveConnection: false,
          ...common,
        }),
      StorageOptionsError,
    );
  });

  it('rejects an unknown backend with a clear error', () => {
    const options = { backend: 'etcd', ...common } as unknown as Parameters<typeof createCounterStore>[0];
    assert.throws(() => createCounterStore(options), { message: 'unknown counter store backend "etcd"' });
  });
});
