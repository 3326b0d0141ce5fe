// A slow or broken network between the service and Redis
// (docs/failure-behaviour.md#network-faults-between-the-service-and-its-stores): the service talks
// to a real redis-server through the fault proxy, under closed-loop load, while the proxy delays,
// drops new connections, blackholes, resets and half-opens. For each fault: every call answers
// within KV_TIMEOUT + 50 ms, store errors are counted (`redis_error`), decisions are exact again
// within 2 s of the fault's end, the process stays up; afterwards every counter has an expiry.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  startFaultProxy,
  startRedis,
  stopAllServers,
  type FaultProxy,
  type RedisServer,
} from '@repo/test-support';
import type { FaultService } from './fault-service';
import { networkFaults, runNetworkFault, type ProbeCall } from './network-fault-run';
import { startNetworkFaultService, STRICT_ANSWERS, strictRequest } from './network-fault-service';
import { redisKeysWithoutExpiry } from './store-keys';

const REDIS_ERRORS = 'ratelimit.service.call.should_rate_limit.redis_error';
/**
 * Batches as commands (KV_INCREMENT_SCRIPT=false: INCRBY and EXPIRE, as on a cluster) can be cut
 * between the two by a broken connection: the faults that cut connections run there too.
 */
const FAULTS = {
  script: networkFaults('redis'),
  commands: networkFaults('redis_commands').filter(
    (fault) => fault.modes.length === 1 && ['reset', 'half-open'].includes(fault.modes[0].kind),
  ),
};

/** A fresh key per attempt: limit 3 per hour gives OK, OK, OK, OVER_LIMIT. */
function exactDecisions(run: string) {
  return async (call: ProbeCall, attempt: number): Promise<boolean> => {
    const request = strictRequest(`${run}-${attempt}`);
    for (const expected of STRICT_ANSWERS) if ((await call(request)) !== expected) return false;
    return true;
  };
}

for (const mode of ['script', 'commands'] as const) {
  describe(`network faults between the service and Redis (batches as ${mode})`, () => {
    let redis: RedisServer;
    let proxy: FaultProxy;
    let service: FaultService;

    before(async () => {
      redis = await startRedis();
      proxy = await startFaultProxy({ port: redis.port });
      service = await startNetworkFaultService({
        BACKEND_TYPE: 'redis',
        REDIS_URL: proxy.url,
        KV_INCREMENT_SCRIPT: mode === 'script' ? 'true' : 'false',
      });
    });
    after(async () => {
      await service?.stop();
      await proxy?.stop();
      await stopAllServers();
    });

    for (const fault of FAULTS[mode]) {
      it(`${fault.name}: answers within KV_TIMEOUT + 50 ms, errors counted, exact again within 2 s`, async (t) => {
        const result = await runNetworkFault(t, fault, {
          service,
          proxy,
          errorStats: [REDIS_ERRORS],
          allowedFailures: ['UNAVAILABLE'],
          decidesExactly: exactDecisions(`${mode}-${fault.name}`),
        });
        // Each failed call (UNAVAILABLE: the store did not answer) is one redis_error.
        assert.equal(result.errorsCounted, result.summary.outcomes.UNAVAILABLE ?? 0);
      });
    }

    it('leaves no counter without an expiry', async () => {
      assert.deepEqual(await redisKeysWithoutExpiry(redis), []);
      assert.ok(service.isAlive());
    });
  });
}
