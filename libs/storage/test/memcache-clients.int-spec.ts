// The hand-written memcached client and the npm package memcache-client (../load/memcache-client-candidates.ts)
// answer the store's three calls alike, over TCP and TLS, and place keys by `crc32 % n`: so the
// figures bench/memcached.bench.ts gives for them (docs/stores.md#memcache) compare like with like.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  createTestCertificates,
  startMemcached,
  type MemcachedServer,
  type TestCertificates,
} from '@repo/test-support';
import {
  handWrittenClient,
  npmPackageClient,
  type CandidateClient,
  type CandidateOptions,
} from '../load/memcache-client-candidates';
import { pickServer } from '../src/memcached/pick-server';
import { TEST_TIMEOUT_MS } from './store-options';

const CANDIDATES = { 'hand-written': handWrittenClient, 'memcache-client': npmPackageClient };

describe('memcached client candidates', () => {
  let nodes: MemcachedServer[];
  let tlsNode: MemcachedServer;
  let certificates: TestCertificates;
  const clients: CandidateClient[] = [];
  const open = (make: (options: CandidateOptions) => CandidateClient, extra: Partial<CandidateOptions>) => {
    const client = make({ servers: [], connectionsPerServer: 2, timeoutMs: TEST_TIMEOUT_MS, ...extra });
    clients.push(client);
    return client;
  };

  before(async () => {
    certificates = await createTestCertificates();
    nodes = await Promise.all([startMemcached(), startMemcached()]);
    tlsNode = await startMemcached({ tls: certificates });
  });
  after(async () => {
    for (const client of clients) client.close();
    await Promise.all([...(nodes ?? []), tlsNode].map((node) => node?.stop()));
  });

  for (const [name, make] of Object.entries(CANDIDATES)) {
    it(`${name}: add, incr and multi-get over two nodes, each key on its crc32 % n node`, async () => {
      const sut = open(make, { servers: nodes.map((node) => node.url) });
      const keys = Array.from({ length: 8 }, (_, i) => `${name}_key_${i}`);
      assert.deepEqual(
        await Promise.all(keys.map((key, i) => sut.add(key, String(i), 60))),
        keys.map(() => true),
      );
      assert.equal(await sut.add(keys[0], '9', 60), false);
      assert.equal(await sut.incr(keys[1], 4), 5);
      assert.equal(await sut.incr(`${name}_missing`, 1), undefined);
      const found = await sut.getMulti([...keys, `${name}_missing`]);
      assert.deepEqual([...found].sort(), keys.map((key, i) => [key, String(i === 1 ? 5 : i)]).sort());
      for (const key of keys) {
        const home = pickServer(nodes, key);
        assert.match(await home.command(`get ${key}`), new RegExp(`^VALUE ${key} `));
      }
    });

    it(`${name}: over TLS`, async () => {
      const tls = { ca: readFileSync(certificates.caCert) };
      const sut = open(make, { servers: [tlsNode.url], tls });
      const key = `${name}_tls`;
      assert.equal(await sut.add(key, '1', 60), true);
      assert.equal(await sut.incr(key, 2), 3);
      assert.deepEqual([...(await sut.getMulti([key]))], [[key, '3']]);
    });
  }
});
