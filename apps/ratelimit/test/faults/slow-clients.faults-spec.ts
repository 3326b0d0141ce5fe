// Slow clients and connection floods (bounded counts) on both listeners: while hundreds of
// connections trickle their headers or body, stay silent, or hold idle HTTP/2 channels, other
// callers keep getting their answers; HTTP_REQUEST_TIMEOUT cuts the slow HTTP clients off.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startLoad, summarize, waitForCalls } from './closed-loop-load';
import { createFaultClient, type FaultClient } from '../../load/fault-client';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import { openConnections, type RawConnectionGroup } from './raw-connections';

const RULES = `
domain: slow
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
`;
const REQUEST_TIMEOUT_MS = 2000;
const CONNECTION_TIMEOUT_MS = 2000;
/** Node looks for expired requests once a second; closing takes a moment on a busy machine. */
const CUT_ALLOWANCE_MS = 3000;
const JSON_BODY = JSON.stringify({
  domain: 'slow',
  descriptors: [{ entries: [{ key: 'client', value: 'j' }] }],
});

describe('slow clients and connection floods', () => {
  let service: FaultService;
  const groups: RawConnectionGroup[] = [];
  const clients: FaultClient[] = [];

  before(async () => {
    const rules = createRulesDir({ 'slow.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'memory',
      HTTP_REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms`,
      GRPC_CONNECTION_TIMEOUT: `${CONNECTION_TIMEOUT_MS}ms`,
      // 600 slow connections at once, all within the cap: this suite is about the timeouts
      // (the cap: connection-flood.faults-spec.ts).
      HTTP_MAX_CONNECTIONS: '1000',
    });
  });
  after(async () => {
    groups.forEach((group) => group.destroy());
    clients.forEach((client) => client.close());
    await service?.stop();
  });

  /** 16 gRPC calls in flight and /json requests one after another, for `ms`. */
  async function otherCallers(t: import('node:test').TestContext, ms: number) {
    const load = startLoad(
      { client: service.grpc, inFlight: 16, request: (n) => rlsRequest('slow', [['client', `c${n}`]]) },
      t,
    );
    const statuses: number[] = [];
    const jsonLatencies: number[] = [];
    const deadline = performance.now() + ms;
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(`${service.httpUrl}/json`, { method: 'POST', body: JSON_BODY });
      await response.text();
      statuses.push(response.status);
      jsonLatencies.push(performance.now() - started);
    }
    await waitForCalls(load, 100);
    const json = {
      calls: statuses.length,
      notOk: statuses.filter((status) => status !== 200).length,
      maxLatencyMs: Math.round(Math.max(...jsonLatencies)),
    };
    return { grpc: summarize(await load.stop()), json };
  }

  it('HTTP: 200 slow-header, 100 slow-body and 300 silent connections', async (t) => {
    const openedAt = performance.now();
    const slowHeaders = await openConnections(service.httpPort, 200, 'POST /json HTTP/1.1\r\nHost: rl\r\n', {
      text: 'X-Slow: 1\r\n',
      everyMs: 300,
    });
    const slowBodies = await openConnections(
      service.httpPort,
      100,
      'POST /json HTTP/1.1\r\nHost: rl\r\nContent-Length: 100000\r\n\r\n{',
      { text: ' ', everyMs: 300 },
    );
    const silent = await openConnections(service.httpPort, 300, '');
    groups.push(slowHeaders, slowBodies, silent);
    const others = await otherCallers(t, 1000);
    await waitFor(() => slowHeaders.openCount() + slowBodies.openCount() + silent.openCount() === 0, {
      timeoutMs: REQUEST_TIMEOUT_MS + CUT_ALLOWANCE_MS + 5000,
      description: 'every slow or silent HTTP connection closed by the service',
    });
    const closedAfter = [slowHeaders, slowBodies, silent].map((group) =>
      Math.round(Math.max(...group.connections.map((connection) => (connection.closedAt ?? 0) - openedAt))),
    );
    reportFigure(t, 'slow_http.other_callers', others);
    reportFigure(t, 'slow_http.closed_after_ms', {
      slowHeaders: closedAfter[0],
      slowBodies: closedAfter[1],
      silent: closedAfter[2],
    });
    assert.deepEqual(Object.keys(others.grpc.outcomes), ['OK']);
    assert.ok(others.json.calls > 0 && others.json.notOk === 0, JSON.stringify(others.json));
    for (const ms of closedAfter)
      assert.ok(ms <= REQUEST_TIMEOUT_MS + CUT_ALLOWANCE_MS + 2000, `closed after ${ms} ms`);
    assert.ok(service.isAlive());
  });

  it('gRPC: 300 connections without the HTTP/2 preface and 100 idle channels', async (t) => {
    const silent = await openConnections(service.grpcPort, 300, '');
    const trickling = await openConnections(service.grpcPort, 100, 'PRI * HTTP/2.0\r\n', {
      text: '\r',
      everyMs: 300,
    });
    groups.push(silent, trickling);
    for (let i = 0; i < 100; i++) {
      const client = createFaultClient(`127.0.0.1:${service.grpcPort}`, {
        'grpc.use_local_subchannel_pool': 1,
      });
      clients.push(client);
      assert.equal((await client.call(rlsRequest('slow', [['client', `idle${i}`]]))).code, 'OK');
    }
    const openedAt = performance.now();
    const others = await otherCallers(t, 1500);
    await waitFor(() => silent.openCount() + trickling.openCount() === 0, {
      timeoutMs: CONNECTION_TIMEOUT_MS + CUT_ALLOWANCE_MS + 5000,
      description: 'every connection without HTTP/2 closed by the service',
    });
    const silentClosedAfter = Math.max(...silent.connections.map((c) => (c.closedAt ?? 0) - openedAt));
    // The idle channels were not cut: each still has its connection and answers at once.
    const states = clients.map((client) => client.state());
    const again = await Promise.all(
      clients.map((client) => client.call(rlsRequest('slow', [['client', 'again']]))),
    );
    reportFigure(t, 'slow_grpc.other_callers', others);
    reportFigure(t, 'slow_grpc.silent_closed_after_ms', silentClosedAfter);
    assert.deepEqual(Object.keys(others.grpc.outcomes), ['OK']);
    assert.ok(others.json.calls > 0 && others.json.notOk === 0, JSON.stringify(others.json));
    assert.ok(
      silentClosedAfter <= CONNECTION_TIMEOUT_MS + CUT_ALLOWANCE_MS + 2000,
      `closed after ${silentClosedAfter} ms`,
    );
    assert.deepEqual(new Set(states), new Set(['READY']));
    assert.deepEqual(new Set(again.map((outcome) => outcome.code)), new Set(['OK']));
    assert.ok(service.isAlive());
  });
});
