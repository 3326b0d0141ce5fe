// The xDS management server flapping (issue 19, item 2): the service takes its rules from a real
// ADS server (the lib's test server, in this process) through the fault proxy, under closed-loop
// load, while the server is stopped and restarted on the same port, and while the network to it
// is reset, blackholed and half-opened. Throughout, every call is decided by the last good rules;
// after each outage the client resubscribes with the version it has and applies the next version
// pushed; a bad version pushed on reconnect is refused (NACK) and the rules in force stay.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it, type TestContext } from 'node:test';
import { freePort, startFaultProxy, waitFor, type FaultMode, type FaultProxy } from '@repo/test-support';
// The lib's own ADS test server, as in test/e2e/xds-rules.e2e-spec.ts.
import { startAdsServer, type AdsTestServer } from '../../../../libs/rules/test/support/ads-server';
import { rlsRequest } from '../support/rls-client';
import { isDecision, startLoad, summarize, type Load } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

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

  function startEdgeLoad(t: TestContext): Load {
    return startLoad(
      { client: service.grpc, inFlight: 8, request: (n) => rlsRequest('edge', [['client', `load-${n}`]]) },
      t,
    );
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

  function checkLoad(t: TestContext, name: string, records: Load['records']): void {
    const summary = summarize(records);
    reportFigure(t, `${name}.calls`, summary);
    assert.deepEqual(Object.keys(summary.outcomes), ['OK'], 'every call decided (fresh keys: OK)');
    assert.ok(service.isAlive());
  }

  it('the server stopped and restarted 3 times: rules stay, resubscribes with its version, takes the next one', async (t) => {
    const load = startEdgeLoad(t);
    let limit = 3;
    for (let flap = 1; flap <= 3; flap++) {
      const streamsBefore = ads.streamCount;
      await ads.stop();
      await checkRulesStay(limit, load);
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
    checkLoad(t, 'xds_restarts', await load.stop());
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
    reportFigure(t, 'xds_bad_version.good_version_applied_after_ms', await pushAndWait(limit + 1));
  });

  for (const [name, mode] of [
    ['xds_reset', { kind: 'reset' }],
    ['xds_blackhole', { kind: 'blackhole' }],
    ['xds_half_open', { kind: 'half-open' }],
  ] as [string, FaultMode][]) {
    it(`${name} of the stream for ${OUTAGE_MS} ms: rules stay, the next version is applied`, async (t) => {
      const load = startEdgeLoad(t);
      const limit = await currentLimit();
      await proxy.setMode(mode);
      await checkRulesStay(limit, load);
      await proxy.setMode({ kind: 'pass' });
      reportFigure(t, `${name}.new_version_applied_after_ms`, await pushAndWait(limit + 1));
      checkLoad(t, name, await load.stop());
    });
  }

  async function currentLimit(): Promise<number> {
    const outcome = await service.grpc.call(rlsRequest('edge', [['client', `limit-${probes++}`]]));
    const limit = outcome.response?.statuses[0].currentLimit?.requestsPerUnit;
    assert.ok(typeof limit === 'number', `a limit in force (${JSON.stringify(outcome)})`);
    return limit;
  }
});
