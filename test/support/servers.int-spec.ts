// Proves the test servers: one real topology per test, driven through ioredis (the client the
// storage library uses) or memcached's text protocol, each stopped by PID afterwards.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import Redis, { Cluster } from 'ioredis';
import {
  createTestCertificates,
  isProcessAlive,
  memcachedCommand,
  startMemcached,
  startRedis,
  startRedisCluster,
  startRedisSentinel,
  stopAllServers,
  waitFor,
} from './index';

describe('test servers', () => {
  after(stopAllServers);

  it('runs a single redis-server and stops it by PID', async () => {
    const sut = await startRedis();
    const client = new Redis({ host: sut.host, port: sut.port, lazyConnect: true });
    try {
      await client.connect();
      assert.equal(await client.incr('topology:single'), 1);
      assert.equal(await client.incrby('topology:single', 4), 5);
    } finally {
      client.disconnect();
    }
    const pid = sut.pid;
    await sut.stop();
    assert.equal(isProcessAlive(pid), false);
  });

  it('restarts a killed redis-server on the same port', async () => {
    const sut = await startRedis();
    const port = sut.port;
    await sut.kill('SIGKILL');
    await assert.rejects(sut.command('PING'));
    await sut.restart();
    assert.equal(sut.port, port);
    assert.equal(await sut.command('PING'), 'PONG');
    await sut.stop();
  });

  it('runs redis with a password and an ACL user', async () => {
    const sut = await startRedis({ password: 'secret', user: { name: 'alice', password: 'wonderland' } });
    const client = new Redis({
      port: sut.port,
      username: 'alice',
      password: 'wonderland',
      lazyConnect: true,
    });
    const anonymous = new Redis({ port: sut.port, lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      assert.equal(await client.incr('topology:acl'), 1);
      assert.match(String(await anonymous.ping().catch((e) => e)), /NOAUTH/);
    } finally {
      client.disconnect();
      anonymous.disconnect();
      await sut.stop();
    }
  });

  it('runs redis over TLS with client certificates', async () => {
    const certificates = await createTestCertificates();
    const sut = await startRedis({ tls: certificates, requireClientCert: true });
    const { readFileSync } = await import('node:fs');
    const client = new Redis({
      port: sut.port,
      lazyConnect: true,
      tls: {
        ca: readFileSync(certificates.caCert),
        cert: readFileSync(certificates.clientCert),
        key: readFileSync(certificates.clientKey),
        servername: 'localhost',
      },
    });
    try {
      await client.connect();
      assert.equal(await client.incr('topology:tls'), 1);
    } finally {
      client.disconnect();
      await sut.stop();
    }
  });

  it('runs a sentinel topology and survives a forced failover', async () => {
    const sut = await startRedisSentinel();
    const client = new Redis({
      sentinels: [...sut.sentinelAddresses],
      name: sut.masterName,
      failoverDetector: true,
    });
    try {
      assert.equal(await client.incr('topology:sentinel'), 1);
      const oldMasterPort = sut.master.port;
      await sut.failover();
      assert.notEqual(sut.master.port, oldMasterPort);
      const count = await waitFor(async () => client.incr('topology:sentinel').catch(() => undefined), {
        timeoutMs: 10000,
        description: 'a write on the new master',
      });
      assert.equal(count, 2);
      assert.equal(await sut.master.command('GET', 'topology:sentinel'), '2');
    } finally {
      client.disconnect();
      await sut.stop();
    }
  });

  it('runs a three-master cluster', async () => {
    const sut = await startRedisCluster();
    assert.equal(sut.nodes.length, 3);
    const client = new Cluster(sut.nodes.map(({ host, port }) => ({ host, port })));
    try {
      const keys = Array.from({ length: 30 }, (_, i) => `topology:cluster:${i}`);
      const counts = await Promise.all(keys.map((key) => client.incr(key)));
      assert.deepEqual(
        counts,
        keys.map(() => 1),
      );
      const perNode = await Promise.all(sut.nodes.map((node) => node.command('DBSIZE')));
      assert.equal(perNode.filter((size) => Number(size) > 0).length, 3, 'keys spread over all masters');
    } finally {
      client.disconnect();
      await sut.stop();
    }
  });

  it('runs memcached nodes, one of them TLS-only', async () => {
    const certificates = await createTestCertificates();
    const plain = await startMemcached();
    const tls = await startMemcached({ tls: certificates });
    try {
      for (const node of [plain, tls]) {
        assert.equal(await node.command('set counter 0 60 1\r\n5'), 'STORED');
        assert.equal(await node.command('incr counter 2'), '7');
      }
      assert.equal(tls.isTls, true);
      await assert.rejects(startMemcachedPlainClientAgainst(tls.port));
    } finally {
      await Promise.all([plain.stop(), tls.stop()]);
    }
  });
});

async function startMemcachedPlainClientAgainst(port: number): Promise<string> {
  return memcachedCommand(port, 'version');
}
