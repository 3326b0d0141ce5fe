// Contract suite and memcache specifics (docs/stores.md#memcache) against real memcached processes: one node,
// three nodes (key placement), a TLS node; fail-open, keys memcached refuses, SRV discovery.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  createTestCertificates,
  memcachedCommand,
  startMemcached,
  waitFor,
  type MemcachedServer,
  type TestCertificates,
} from '@repo/test-support';
import { MemcachedCounterStore, type MemcacheStoreOptions } from '@repo/storage';
import { runCounterStoreContract } from './counter-store.contract';
import { memcacheStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

describe('MemcachedCounterStore against real memcached', () => {
  let nodes: MemcachedServer[];
  let tlsNode: MemcachedServer;
  let certificates: TestCertificates;
  const stores: MemcachedCounterStore[] = [];
  const open = (extra: Partial<MemcacheStoreOptions>) => {
    const store = new MemcachedCounterStore(memcacheStoreOptions(extra));
    stores.push(store);
    return store;
  };

  before(async () => {
    certificates = await createTestCertificates();
    nodes = await Promise.all([startMemcached(), startMemcached(), startMemcached()]);
    tlsNode = await startMemcached({ tls: certificates });
  });
  after(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all([...(nodes ?? []), tlsNode].map((node) => node?.stop()));
  });

  runCounterStoreContract(
    'memcache single node',
    () => {
      let multiGets = 0; // the decision's round trip; increments follow asynchronously
      const onEvent = (name: string) => (multiGets += name === 'memcache.multiget' ? 1 : 0);
      return {
        store: new MemcachedCounterStore(memcacheStoreOptions({ hostPorts: [nodes[0].url], onEvent })),
        readsBeforeIncrement: true,
        countRoundTrips: () => Promise.resolve(multiGets),
      };
    },
    { supportsTokenBuckets: false, roundTripsPerCall: 1 },
  );

  runCounterStoreContract(
    'memcache three nodes',
    () => ({
      store: new MemcachedCounterStore(memcacheStoreOptions({ hostPorts: nodes.map((node) => node.url) })),
      readsBeforeIncrement: true,
    }),
    { supportsTokenBuckets: false },
  );

  runCounterStoreContract(
    'memcache over TLS',
    () => ({
      store: new MemcachedCounterStore(
        memcacheStoreOptions({ hostPorts: [tlsNode.url], tls: { caCertPath: certificates.caCert } }),
      ),
      readsBeforeIncrement: true,
    }),
    { supportsTokenBuckets: false },
  );

  it('answers stored + addend and increments afterwards', async () => {
    const sut = open({ hostPorts: [nodes[0].url] });
    const key = `async_${Date.now()}`;
    assert.deepEqual(await incrementCounts(sut, [{ key, addend: 3, windowSeconds: 60 }]), [3]);
    await sut.flush();
    assert.equal(await nodes[0].command(`get ${key}`), `VALUE ${key} 0 1`);
    assert.deepEqual(await incrementCounts(sut, [{ key, addend: 2, windowSeconds: 60 }]), [5]);
    await sut.flush();
    assert.deepEqual(await sut.getMany([{ key, windowSeconds: 60 }]), [5]);
  });

  it('places every key on the node crc32(key) % 3 picks, in the given node order', async () => {
    const sut = open({ hostPorts: nodes.map((node) => node.url) });
    const keys = ['domain_key_value_1234', 'foo'];
    await incrementCounts(
      sut,
      keys.map((key) => ({ key, addend: 1, windowSeconds: 60 })),
    );
    await sut.flush();
    // crc32('domain_key_value_1234') % 3 = 0, crc32('foo') % 3 = 2 (see pick-server.spec.ts)
    for (const [key, index] of [
      ['domain_key_value_1234', 0],
      ['foo', 2],
    ] as const) {
      for (const [i, node] of nodes.entries()) {
        const reply = await node.command(`get ${key}`);
        assert.equal(reply.startsWith('VALUE'), i === index, `${key} on node ${i}: ${reply}`);
      }
    }
  });

  it('keeps year windows (beyond 30 days memcached needs an absolute expiry)', async () => {
    const sut = open({ hostPorts: [nodes[0].url], jitterMaxSeconds: 300 });
    const key = `year_${Date.now()}`;
    await incrementCounts(sut, [{ key, addend: 1, windowSeconds: 31_536_000 }]);
    await sut.flush();
    assert.deepEqual(await sut.getMany([{ key, windowSeconds: 31_536_000 }]), [1]);
  });

  it('counts keys memcached would refuse (long, spaced, control, non-ASCII) under their SHA-256 digest', async () => {
    const sut = open({ hostPorts: [nodes[0].url] });
    const run = Date.now();
    const keys = [
      `long_${run}_${'/segment'.repeat(40)}`,
      `space_${run}_a b`,
      `control_${run}_a\u0001\tb`,
      `utf8_${run}_café_ユーザー`,
    ];
    for (let i = 1; i <= 3; i++) {
      const counts = await incrementCounts(
        sut,
        keys.map((key) => ({ key, addend: 1, windowSeconds: 60 })),
      );
      assert.deepEqual(counts, [i, i, i, i]);
      await sut.flush();
    }
    assert.deepEqual(await sut.getMany(keys.map((key) => ({ key, windowSeconds: 60 }))), [3, 3, 3, 3]);
    const wireKey = '#sha256:' + createHash('sha256').update(keys[0], 'utf8').digest('base64url');
    assert.equal(await memcachedCommand(nodes[0].port, `incr ${wireKey} 0`), '3'); // stored under the digest
  });

  it('fails open and counts the errors when memcached is down', async () => {
    const events: string[] = [];
    const down = await startMemcached();
    await down.stop();
    const sut = open({
      hostPorts: [down.url],
      onEvent: (name, tags) => events.push(tags?.code ? `${name}:${tags.code}` : name),
    });
    assert.deepEqual(await incrementCounts(sut, [{ key: 'failopen', addend: 4, windowSeconds: 60 }]), [4]);
    await sut.flush();
    assert.ok(events.includes('memcache.multiget:error'), events.join(' '));
    assert.ok(events.includes('memcache.increment:error'), events.join(' '));
    assert.equal(sut.isHealthy(), true);
  });

  it('discovers nodes by SRV (sorted) and follows a refresh', async () => {
    const answers = [[nodes[1], nodes[0]], [nodes[2]]].map((list) =>
      list.map((node) => ({ name: node.host, port: node.port })),
    );
    let lookups = 0;
    const sut = open({
      srv: '_memcache._tcp.test',
      srvRefreshMs: 50,
      resolveSrv: () => Promise.resolve(answers[Math.min(lookups++, 1)]),
    });
    await sut.ready();
    assert.deepEqual(sut.servers, [nodes[0].url, nodes[1].url].sort());
    await waitFor(() => sut.servers.length === 1 && sut.servers[0] === nodes[2].url, {
      timeoutMs: 2000,
      description: 'SRV refresh to the third node',
    });
    const key = `srv_${Date.now()}`;
    await incrementCounts(sut, [{ key, addend: 1, windowSeconds: 60 }]);
    await sut.flush();
    assert.equal(await nodes[2].command(`get ${key}`), `VALUE ${key} 0 1`);
  });

  it('fails ready() with a clear error when the SRV name does not resolve', async () => {
    const sut = open({
      srv: '_memcache._tcp.test',
      resolveSrv: () => Promise.reject(new Error('ENOTFOUND')),
    });
    await assert.rejects(sut.ready(), {
      name: 'StoreUnavailableError',
      message: 'memcache counter store unavailable: cannot resolve SRV _memcache._tcp.test: ENOTFOUND',
    });
  });
});
