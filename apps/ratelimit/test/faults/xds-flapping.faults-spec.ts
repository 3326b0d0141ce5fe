// The xDS management server flapping (docs/failure-behaviour.md#xds-management-server-flapping):
// the service takes its rules from a real ADS server (the lib's test server, in this process)
// through the fault proxy, under closed-loop load, while the server is stopped and restarted on the
// same port, and while the network to it is reset, blackholed and half-opened. Throughout, every
// call is decided by the last good rules; after each outage the client resubscribes with the
// version it has and applies the next version pushed; a bad version pushed on reconnect is refused
// (NACK) and the rules in force stay.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it, type TestContext } from 'node:test';
import { freePort, startFaultProxy, waitFor, type FaultMode, type FaultProxy } from '@repo/test-support';
// The lib's own ADS test server, as in test/e2e/xds-rules.e2e-spec.ts.
import { startAdsServer, type AdsTestServer } from '../../../../libs/rules/test/support/ads-server';
import { rlsRequest } from '../../load/rls-client';
import { isDecision, startLoad, summarize, type Load } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import { ANSWER_BOUND_MS, maxNetAnswerMs } from './network-fault-run';
import { watchSchedulingDelay, type SchedulingDelay } from './scheduling-delay';

const limitOf = (requestsPerUnit: number) => ({
  name: 'edge-rules',
  domain: 'edge',
  descriptors: [{ key: 'client', rateLimit: { unit: 'HOUR', requestsPerUnit } }],
});
/** The limit must show within this after a push (generous: the bound is the backoff, 1 s). */
const PICK_UP_DEADLINE_MS = 10_000;
const OUTAGE_MS = 1500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('xDS management server flapping', () => {
  let adsPort: number;
  let ads: AdsTestServer;
  let proxy: FaultProxy;
  let service: FaultService;
  let version = 1;
  let probes = 0;

  before(async () => {
    adsPort = await freePort();
    ads = await startAdsServer({ port: adsPort });
    ads.setResources('v1', [limitOf(3)]);
    proxy = await startFaultProxy({ port: adsPort });
    service = await startFaultService({
      BACKEND_TYPE: 'memory',
      CONFIG_TYPE: 'GRPC_XDS_SOTW',
      CONFIG_GRPC_XDS_SERVER_URL: proxy.url,
      CONFIG_GRPC_XDS_NODE_ID: 'faults',
      XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: '200ms',
      XDS_CLIENT_BACKOFF_MAX_INTERVAL: '1s',
      // Finds a half-open connection within 2 s (default 5m + 20s).
      CONFIG_GRPC_XDS_KEEPALIVE_TIME: '1s',
      CONFIG_GRPC_XDS_KEEPALIVE_TIMEOUT: '1s',
    });
  });
  after(async () => {
    await service?.stop();
    await proxy?.stop();
    await ads?.stop();
  });

  /** Calls a fresh key `limit + 1` times: exact when the rules in force have that limit. */
  async function decidesWithLimit(limit: number): Promise<boolean> {
    const request = rlsRequest('edge', [['client', `probe-${probes++}`]]);
    for (let hit = 1; hit <= limit + 1; hit++) {
      const outcome = await service.grpc.call(request, 5000);
      const expected = hit <= limit ? 'OK' : 'OVER_LIMIT';
      if (outcome.code !== expected) return false;
      if (outcome.response?.statuses[0].currentLimit?.requestsPerUnit !== limit) return false;
    }
    return true;
  }

  /** Pushes the next version and waits until decisions use it; milliseconds it took. */
  async function pushAndWait(limit: number): Promise<number> {
    const pushedAt = performance.now();
    ads.setResources(`v${++version}`, [limitOf(limit)]);
    await waitFor(() => decidesWithLimit(limit), {
      timeoutMs: PICK_UP_DEADLINE_MS,
      intervalMs: 50,
      description: `limit ${limit} (v${version}) in force`,
    });
    return performance.now() - pushedAt;
  }

  /** The load, and the CPU waits its answer times are taken net of (scheduling-delay.ts). */
  function startEdgeLoad(t: TestContext): { load: Load; scheduling: SchedulingDelay } {
    const scheduling = watchSchedulingDelay(service.pid);
    t.after(() => scheduling.stop());
    const request = (n: number) => rlsRequest('edge', [['client', `load-${n}`]]);
    return { load: startLoad({ client: service.grpc, inFlight: 8, request }, t), scheduling };
  }

  /** During an outage: the rules in force keep deciding, exactly. */
  async function checkRulesStay(limit: number, load: Load): Promise<void> {
    const endAt = performance.now() + OUTAGE_MS;
    while (performance.now() < endAt) {
      assert.ok(await decidesWithLimit(limit), `limit ${limit} still in force during the outage`);
      await pause(100);
    }
    assert.ok(load.records.every(isDecision), 'every call was decided');
  }

  /** Every call decided (fresh keys: OK) within the answer bound; the process is up. */
  async function checkLoad(t: TestContext, name: string, running: ReturnType<typeof startEdgeLoad>) {
    const records = await running.load.stop();
    running.scheduling.stop();
    const summary = summarize(records);
    const netMaxMs = maxNetAnswerMs(records, running.scheduling);
    reportFigure(t, `${name}.calls`, summary);
    reportFigure(t, `${name}.max_answer_net_of_cpu_waits_ms`, netMaxMs);
    assert.deepEqual(Object.keys(summary.outcomes), ['OK']);
    assert.ok(netMaxMs <= ANSWER_BOUND_MS, `slowest answer ${netMaxMs} ms net of CPU waits`);
    assert.ok(service.isAlive());
  }

  it('the server stopped and restarted 3 times: rules stay, resubscribes with its version, takes the next one', async (t) => {
    const running = startEdgeLoad(t);
    let limit = 3;
    for (let flap = 1; flap <= 3; flap++) {
      const streamsBefore = ads.streamCount;
      await ads.stop();
      await checkRulesStay(limit, running.load);
      const lastVersion = `v${version}`;
      ads = await startAdsServer({ port: adsPort });
      ads.setResources(lastVersion, [limitOf(limit)]); // a control plane restarts with the same state
      const restartedAt = performance.now();
      await waitFor(() => ads.requests.some((r) => r.request.versionInfo === lastVersion), {
        timeoutMs: PICK_UP_DEADLINE_MS,
        description: `resubscription with ${lastVersion}`,
      });
      reportFigure(t, `xds_restart_${flap}.resubscribed_after_ms`, performance.now() - restartedAt);
      assert.equal(ads.streamCount >= 1 && streamsBefore >= 1, true);
      limit += 1;
      reportFigure(t, `xds_restart_${flap}.new_version_applied_after_ms`, await pushAndWait(limit));
    }
    await checkLoad(t, 'xds_restarts', running);
  });

  it('a bad version pushed on reconnect is refused (NACK): the rules in force stay', async (t) => {
    const limit = await currentLimit();
    await ads.stop();
    ads = await startAdsServer({ port: adsPort });
    ads.setResources(`v${++version}`, [{ type_url: 'type.googleapis.com/wrong', value: Buffer.from('x') }]);
    await waitFor(() => ads.requests.some((r) => r.request.errorDetail?.message), {
      timeoutMs: PICK_UP_DEADLINE_MS,
      description: 'a NACK',
    });
    assert.ok(await decidesWithLimit(limit), 'the last good rules stay');
    const errors = (await service.stats()).get('ratelimit.service.config_load_error') ?? 0;
    reportFigure(t, 'xds_bad_version.config_load_error', errors);
    assert.ok(errors >= 1, 'the refused version is counted as a load error');
    reportFigure(t, 'xds_bad_version.good_version_applied_after_ms', await pushAndWait(limit + 1));
  });

  for (const [name, mode] of [
    ['xds_reset', { kind: 'reset' }],
    ['xds_blackhole', { kind: 'blackhole' }],
    ['xds_half_open', { kind: 'half-open' }],
  ] as [string, FaultMode][]) {
    it(`${name} of the stream for ${OUTAGE_MS} ms: rules stay, the next version is applied`, async (t) => {
      const running = startEdgeLoad(t);
      const limit = await currentLimit();
      await proxy.setMode(mode);
      await checkRulesStay(limit, running.load);
      await proxy.setMode({ kind: 'pass' });
      reportFigure(t, `${name}.new_version_applied_after_ms`, await pushAndWait(limit + 1));
      await checkLoad(t, name, running);
    });
  }

  async function currentLimit(): Promise<number> {
    const outcome = await service.grpc.call(rlsRequest('edge', [['client', `limit-${probes++}`]]));
    const limit = outcome.response?.statuses[0].currentLimit?.requestsPerUnit;
    assert.ok(typeof limit === 'number', `a limit in force (${JSON.stringify(outcome)})`);
    return limit;
  }
});
