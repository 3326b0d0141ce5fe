// A slow or broken network between the service and memcached
// (docs/failure-behaviour.md#network-faults-between-the-service-and-its-stores): the service talks
// to a real memcached through the fault proxy, under closed-loop load, while the proxy delays,
// drops new connections, blackholes, resets and half-opens. memcached fails open (as in the
// reference: a failed read counts as 0), so every call is a decision; for each fault: every call
// answers within KV_TIMEOUT + 50 ms, the failures are counted (`memcache.*.__code=error`),
// decisions are exact again within 2 s of the fault's end, the process stays up; afterwards every
// item expires.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  startFaultProxy,
  startMemcached,
  stopAllServers,
  waitFor,
  type FaultProxy,
  type MemcachedServer,
} from '@repo/test-support';
import type { FaultService } from './fault-service';
import { networkFaults, runNetworkFault, type ProbeCall } from './network-fault-run';
import { startNetworkFaultService, STRICT_ANSWERS, strictRequest } from './network-fault-service';
import { memcachedItems } from './store-keys';

const MEMCACHE_ERRORS = ['multiget', 'increment', 'add'].map((op) => `ratelimit.memcache.${op}.__code=error`);

/**
 * memcached counts after answering (get now, incr later): before each next call the probe waits
 * until memcached itself (not through the proxy) shows the previous hit, so the expected answers
 * are exact. A fresh key per attempt: limit 3 per hour gives OK, OK, OK, OVER_LIMIT.
 */
function exactDecisions(memcached: MemcachedServer, run: string) {
  return async (call: ProbeCall, attempt: number): Promise<boolean> => {
    const value = `${run}-${attempt}`;
    const key = `net_strict_${value}_${Math.floor(Date.now() / 3_600_000) * 3600}`;
    for (const [hit, expected] of STRICT_ANSWERS.entries()) {
      if ((await call(strictRequest(value))) !== expected) return false;
      const counted = await waitFor(
        async () => (await memcached.command(`incr ${key} 0`)) === String(hit + 1),
        {
          timeoutMs: 500, // longer means the increment was lost (it is sent after the answer)
          description: `hit ${hit + 1} counted`,
        },
      ).catch(() => false);
      if (!counted) return false;
    }
    return true;
  };
}

describe('network faults between the service and memcached', () => {
  let memcached: MemcachedServer;
  let proxy: FaultProxy;
  let service: FaultService;

  before(async () => {
    memcached = await startMemcached();
    proxy = await startFaultProxy({ port: memcached.port });
    service = await startNetworkFaultService({ BACKEND_TYPE: 'memcache', ALTCACHE_HOST_PORT: proxy.url });
  });
  after(async () => {
    await service?.stop();
    await proxy?.stop();
    await stopAllServers();
  });

  for (const fault of networkFaults('memcached')) {
    it(`${fault.name}: answers within KV_TIMEOUT + 50 ms, errors counted, exact again within 2 s`, async (t) => {
      const result = await runNetworkFault(t, fault, {
        service,
        proxy,
        errorStats: MEMCACHE_ERRORS,
        allowedFailures: [],
        decidesExactly: exactDecisions(memcached, fault.name),
      });
      if (fault.name !== 'memcached_delay_100ms')
        assert.ok(result.errorsCounted > 0, 'the failures are counted');
    });
  }

  it('leaves no item without an expiry', async () => {
    const items = await memcachedItems(memcached);
    assert.ok(items.length > 500, `${items.length} items`);
    assert.deepEqual(
      items.filter((item) => item.exp === -1).map((item) => item.key),
      [],
    );
    assert.ok(service.isAlive());
  });
});
