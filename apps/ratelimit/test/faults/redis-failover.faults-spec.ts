// Redis failovers under load (envoyproxy/ratelimit #750, #651): the Sentinel master and
// a Cluster master are killed (SIGKILL) while 32 calls are in flight. Callers see UNAVAILABLE
// only between the kill and shortly after the replica took over (a failover is followed
// within 10 s), and decisions are exact again afterwards.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, describe, it, type TestContext } from 'node:test';
import {
  respCommand,
  startRedisSentinel,
  stopAllServers,
  waitFor,
  type RedisServer,
} from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { isDecision, startLoad, summarize, waitForCalls, type CallRecord } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import { clusterStateOk, isMaster, startReplicatedCluster } from './replicated-cluster';

const RULES = `
domain: failover
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
  - key: strict
    rate_limit: { unit: minute, requests_per_unit: 5 }
`;
/** A failover must be followed within 10 s (ioredis with `failoverDetector` takes about 1.4 s). */
const FOLLOW_BOUND_MS = 10_000;
const services: FaultService[] = [];

async function startService(env: Record<string, string>): Promise<FaultService> {
  const rules = createRulesDir({ 'failover.yaml': RULES });
  const service = await startFaultService({ ...rules.env, BACKEND_TYPE: 'redis', ...env });
  services.push(service);
  return service;
}

interface FailoverRun {
  readonly records: readonly CallRecord[];
  readonly killedAt: number;
  readonly promotedAt: number;
}

/** Load, `kill`, wait for `promoted`, then until the last 500 calls were all decisions. */
async function failoverUnderLoad(
  t: TestContext,
  service: FaultService,
  kill: () => Promise<void>,
  promoted: () => Promise<boolean>,
): Promise<FailoverRun> {
  const load = startLoad(
    {
      client: service.grpc,
      inFlight: 32,
      request: (n) => rlsRequest('failover', [['client', `c${n % 300}`]]),
    },
    t,
  );
  await waitForCalls(load, 1000);
  const killedAt = performance.now();
  await kill();
  await waitFor(promoted, { timeoutMs: 30_000, intervalMs: 100, description: 'the replica promoted' });
  const promotedAt = performance.now();
  await waitFor(() => load.records.length > 500 && load.records.slice(-500).every(isDecision), {
    timeoutMs: 30_000,
    description: '500 decisions in a row after the failover',
  });
  await waitForCalls(load, 1000);
  return { records: await load.stop(), killedAt, promotedAt };
}

/** Figures and the assertions every failover shares. */
async function checkFailover(t: TestContext, name: string, service: FaultService, run: FailoverRun) {
  const failures = run.records.filter((record) => !isDecision(record));
  const lastFailureEnd = failures.reduce((latest, record) => Math.max(latest, record.endMs), run.killedAt);
  reportFigure(t, `${name}.calls`, summarize(run.records));
  reportFigure(t, `${name}.promoted_after_kill_ms`, run.promotedAt - run.killedAt);
  reportFigure(t, `${name}.error_window_ms`, lastFailureEnd - run.killedAt);
  reportFigure(t, `${name}.errors_after_promotion_ms`, Math.max(0, lastFailureEnd - run.promotedAt));
  assert.ok(service.isAlive());
  assert.deepEqual(
    [...new Set(failures.map((record) => record.outcome.code))].filter((c) => c !== 'UNAVAILABLE'),
    [],
  );
  assert.equal(
    failures.filter((record) => record.endMs < run.killedAt).length,
    0,
    'no error before the kill',
  );
  assert.ok(lastFailureEnd - run.promotedAt <= FOLLOW_BOUND_MS, 'the failover was followed within 10 s');
  // Exact decisions on the new master: 5 per minute.
  const key = `after-${name}-${Date.now()}`;
  const codes = [];
  for (let i = 0; i < 6; i++)
    codes.push((await service.grpc.call(rlsRequest('failover', [['strict', key]]))).code);
  assert.deepEqual(codes, ['OK', 'OK', 'OK', 'OK', 'OK', 'OVER_LIMIT']);
}

describe('Redis failover under load', () => {
  after(async () => {
    await Promise.all(services.map((service) => service.stop()));
    await stopAllServers();
  });

  it('Sentinel: the master killed, the replica promoted by the sentinels', async (t) => {
    const topology = await startRedisSentinel();
    const service = await startService({ KV_TYPE: 'sentinel', KV_URL: topology.url });
    const replica: RedisServer = topology.replica;
    const announced = async (address: { host: string; port: number }) =>
      (
        (await respCommand(address, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', topology.masterName])) as string[]
      )?.[1] === String(replica.port);
    const run = await failoverUnderLoad(
      t,
      service,
      () => topology.master.kill('SIGKILL'),
      async () =>
        (await isMaster(replica)) &&
        (await Promise.all(topology.sentinelAddresses.map(announced))).every(Boolean),
    );
    await checkFailover(t, 'sentinel_failover', service, run);
    await service.stop();
    await topology.stop();
  });

  it('Cluster: a master killed, its replica takes over its slots', async (t) => {
    const cluster = await startReplicatedCluster();
    const service = await startService({ KV_TYPE: 'cluster', KV_URL: cluster.url });
    const [victim, ...survivors] = cluster.masters;
    const heir = cluster.replicas[0];
    const run = await failoverUnderLoad(
      t,
      service,
      () => victim.kill('SIGKILL'),
      async () =>
        (await isMaster(heir)) &&
        (await Promise.all([heir, ...survivors].map(clusterStateOk))).every(Boolean),
    );
    await checkFailover(t, 'cluster_failover', service, run);
    await service.stop();
    await cluster.stop();
  });
});
