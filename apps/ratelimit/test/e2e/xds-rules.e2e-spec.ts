// The service with CONFIG_TYPE=GRPC_XDS_SOTW (docs/xds.md): rules pushed by a real
// in-process ADS server reach the decisions; without FORCE_START_WITHOUT_INITIAL_CONFIG the
// service opens no port before the first rules; with it, calls fail UNAVAILABLE until then.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { waitFor } from '@repo/test-support';
// The lib's own ADS test server: the app's e2e drives the same real server the lib tests use.
import { startAdsServer, type AdsTestServer } from '../../../../libs/rules/test/support/ads-server';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const limitOf = (requestsPerUnit: number) => ({
  name: 'edge-rules',
  domain: 'edge',
  descriptors: [{ key: 'client', rateLimit: { unit: 'MINUTE', requestsPerUnit } }],
});

describe('rules from an xDS server', () => {
  const servers: AdsTestServer[] = [];
  const apps: TestApp[] = [];
  after(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await Promise.all(servers.map((server) => server.stop()));
  });

  async function start(env: Record<string, string>, server: AdsTestServer): Promise<TestApp> {
    const app = await startTestApp({
      CONFIG_TYPE: 'GRPC_XDS_SOTW',
      CONFIG_GRPC_XDS_SERVER_URL: server.url,
      CONFIG_GRPC_XDS_NODE_ID: 'e2e-node',
      XDS_CLIENT_BACKOFF_INITIAL_INTERVAL: '50ms',
      XDS_CLIENT_BACKOFF_MAX_INTERVAL: '200ms',
      ...env,
    });
    apps.push(app);
    return app;
  }

  it('waits for the first rule set, applies pushed versions and ACKs them with the node id', async () => {
    const server = await startAdsServer();
    servers.push(server);
    server.setResources('v1', [limitOf(3)]);
    const app = await start({}, server);
    const first = await app.grpc.shouldRateLimit(rlsRequest('edge', [['client', 'a']]));
    assert.deepEqual(first.statuses[0].currentLimit, { requestsPerUnit: 3, unit: 'MINUTE' });
    assert.equal(server.requests[0].request.node?.id, 'e2e-node');
    server.setResources('v2', [limitOf(9)]);
    await waitFor(
      async () =>
        (await app.grpc.shouldRateLimit(rlsRequest('edge', [['client', 'b']]))).statuses[0].currentLimit
          ?.requestsPerUnit === 9,
      { timeoutMs: 10_000, description: 'the pushed v2 limit' },
    );
    assert.match(
      await fetch(`${app.debugUrl}/rlconfig`).then((r) => r.text()),
      /^edge\.client: unit=MINUTE requests_per_unit=9,/,
    );
  });

  it('with FORCE_START_WITHOUT_INITIAL_CONFIG serves at once and answers UNAVAILABLE until rules arrive', async () => {
    const server = await startAdsServer();
    servers.push(server);
    const app = await start({ FORCE_START_WITHOUT_INITIAL_CONFIG: 'true' }, server);
    const error = await app.grpc.shouldRateLimitError(rlsRequest('edge', [['client', 'a']]));
    assert.equal(error.code, GrpcStatus.UNAVAILABLE);
    assert.equal(error.details, 'no rate limit configuration loaded');
    server.setResources('v1', [limitOf(4)]);
    const limit = await waitFor(
      async () =>
        (await app.grpc.shouldRateLimit(rlsRequest('edge', [['client', 'a']])).catch(() => undefined))
          ?.statuses[0].currentLimit?.requestsPerUnit,
      { timeoutMs: 10_000, description: 'rules after a forced start' },
    );
    assert.equal(limit, 4);
  });

  it('compiles a large set off the serving thread: calls go on while it compiles, then it is in force', async (t) => {
    const server = await startAdsServer();
    servers.push(server);
    server.setResources('v1', [limitOf(1_000_000)]);
    const app = await start({}, server);
    const large = {
      name: 'large-rules',
      domain: 'large',
      descriptors: Array.from({ length: 40_000 }, (_, i) => ({
        key: 'user',
        value: `u${i}`,
        rateLimit: { unit: 'HOUR', requestsPerUnit: i + 1 },
      })),
    };
    const calls: { ms: number; code: string }[] = [];
    let isApplied = false;
    const ordinary = (async () => {
      while (!isApplied) {
        const started = performance.now();
        const answer = await app.grpc.shouldRateLimit(rlsRequest('edge', [['client', 'a']]));
        calls.push({ ms: performance.now() - started, code: answer.overallCode });
      }
    })();
    server.setResources('v2', [limitOf(1_000_000), large]);
    const limit = await waitFor(
      async () =>
        (await app.grpc.shouldRateLimit(rlsRequest('large', [['user', 'u39999']]))).statuses[0].currentLimit
          ?.requestsPerUnit,
      { timeoutMs: 30_000, description: 'the large set in force' },
    );
    isApplied = true;
    await ordinary;
    assert.equal(limit, 40_000);
    assert.ok(calls.length > 0);
    assert.deepEqual(new Set(calls.map((call) => call.code)), new Set(['OK']));
    // acknowledged as applied, as any set
    await waitFor(async () => server.requests.some((received) => received.request.versionInfo === 'v2'), {
      timeoutMs: 10_000,
      description: 'the ACK of v2',
    });
    // The ADS server and the service run in this process: the longest call includes the server encoding the set.
    t.diagnostic(
      `figure xds.large_set_calls: ${calls.length}, longest ${Math.max(...calls.map((c) => c.ms)).toFixed(1)} ms`,
    );
  });
});
