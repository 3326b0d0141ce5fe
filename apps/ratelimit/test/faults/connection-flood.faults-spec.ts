// Connection floods (docs/failure-behaviour.md#connection-floods-http_max_connections): five times
// HTTP_MAX_CONNECTIONS raw connections on the HTTP listener and on the debug listener. At the cap
// each new connection replaces the one quiet longest (closed without an answer); the last ones in
// hold their half-sent request until HTTP_REQUEST_TIMEOUT cuts them (408). Callers keep getting
// exact answers (on new connections when theirs, idle, were replaced), a probe on a new connection
// during the flood is answered, memory stays bounded by what the connections within the cap may
// hold, and once the flood is over new connections are served as before.
import assert from 'node:assert/strict';
import type { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it, type TestContext } from 'node:test';
import { waitFor } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { processMemory, reportFigure, startFaultService, type FaultService } from './fault-service';
import { httpCall, keepAliveCallers, type HttpAnswer } from '../../load/keep-alive-callers';
import { openConnections, type RawConnectionGroup } from './raw-connections';

const LIMIT = 1_000_000;
const RULES = `
domain: flood
descriptors:
  - key: caller
    rate_limit: { unit: day, requests_per_unit: ${LIMIT} }
`;
const RLCONFIG = `flood.caller: unit=DAY requests_per_unit=${LIMIT}, shadow_mode: false, quota_mode: false\n`;
const MAX_CONNECTIONS = 100;
const FLOOD = 5 * MAX_CONNECTIONS;
/** Keep-alive callers connected before the flood, idle while it opens: replaced, they reconnect. */
const CALLERS = 4;
const REQUEST_TIMEOUT_MS = 5000;
const MAX_REQUEST_BYTES = 256 * 1024;
/** Node looks for expired requests once a second; closing takes a moment on a busy machine. */
const CUT_ALLOWANCE_MS = 5000;
/**
 * Each connection within the cap may hold a body of up to MAX_REQUEST_BYTES: 25 MiB here. The
 * bodies of the connections replaced or cut are freed as they close (accept-raw-bodies.ts), so
 * 500 connections cost what 100 do. Measured on the production bundle: +55 to +59 MiB (the 25 MiB
 * of bodies, the rest sockets and parser state), where the bodies left to V8's next full
 * collection made +102 to +109 MiB. The bound leaves room for V8 growing its young generation to
 * its largest during the flood (64 MiB semi-spaces at a 4 GiB heap limit when this was
 * measured; the production entry now caps them at 16 MiB, young-generation.ts). The compiled
 * tree (not what users run) measured +85 to +150 MiB: there V8 turned on allocation-site
 * pretenuring for the request objects the held requests kept alive, so the callers' short-lived
 * objects went to the old generation until its next full collection; the faults stage runs the
 * bundle.
 */
const RSS_GROWTH_BOUND_MIB = 128;

interface Listener {
  readonly port: number;
  /** The request each flood connection starts and never finishes. */
  readonly halfRequest: string;
  /** Call number n of caller `caller` through `agent`: throws unless the answer is exact. */
  call(agent: Agent, caller: number, n: number): Promise<void>;
  /** A request whose answer proves the listener serves (200). */
  readonly probePath: string;
}

describe('connection floods', () => {
  let service: FaultService;
  const groups: RawConnectionGroup[] = [];

  before(async () => {
    const rules = createRulesDir({ 'flood.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'memory',
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      HTTP_REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_MS}ms`,
      MAX_REQUEST_BYTES: String(MAX_REQUEST_BYTES),
    });
  });
  after(async () => {
    groups.forEach((group) => group.destroy());
    await service?.stop();
  });

  /** What the callers answered; asserts each answer as it comes. */
  async function callFor(listener: Listener, agent: Agent, ms: number, counts: number[]): Promise<number> {
    const deadline = performance.now() + ms;
    await Promise.all(
      counts.map(async (_, caller) => {
        while (performance.now() < deadline) await listener.call(agent, caller, ++counts[caller]);
      }),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Opens the flood and waits until all but the last HTTP_MAX_CONNECTIONS are replaced. */
  async function openFlood(listener: Listener) {
    const openedAt = performance.now();
    const group = await openConnections(listener.port, FLOOD, listener.halfRequest);
    groups.push(group);
    const closed = () => group.connections.filter((connection) => connection.closedAt !== undefined);
    await waitFor(() => closed().length >= FLOOD - MAX_CONNECTIONS, {
      timeoutMs: 10_000,
      description: 'the connections past the cap replaced',
    });
    // Replaced: closed without a byte; the last ones in: open until cut with a 408.
    const replaced = closed().filter((connection) => connection.socket.bytesRead === 0);
    const replacedWithinMs = Math.max(...replaced.map((connection) => (connection.closedAt ?? 0) - openedAt));
    return {
      group,
      openedAt,
      replaced: replaced.length,
      admitted: FLOOD - replaced.length,
      replacedWithinMs,
    };
  }

  /** Waits until HTTP_REQUEST_TIMEOUT has cut every flood connection within the cap. */
  async function waitForCut(group: RawConnectionGroup, openedAt: number) {
    await waitFor(() => group.openCount() === 0, {
      timeoutMs: REQUEST_TIMEOUT_MS + CUT_ALLOWANCE_MS,
      description: 'the flood connections within the cap cut by HTTP_REQUEST_TIMEOUT',
    });
    const cutAfterMs = Math.max(
      ...group.connections.map((connection) => (connection.closedAt ?? 0) - openedAt),
    );
    return { cutAfterMs, cutWithAnswer: group.connections.filter((c) => c.socket.bytesRead > 0).length };
  }

  /** Peak RSS of the service from now until stop(), sampled every 50 ms. */
  function watchRss(t: TestContext) {
    const rss = { baseline: processMemory(service.pid).rssMiB, peak: 0, afterFlood: 0 };
    const sample = () => (rss.peak = Math.max(rss.peak, processMemory(service.pid).rssMiB));
    const timer = setInterval(sample, 50);
    t.after(() => clearInterval(timer));
    return {
      stop: () => {
        clearInterval(timer);
        sample();
        rss.afterFlood = processMemory(service.pid).rssMiB;
        return rss;
      },
    };
  }

  async function flood(t: TestContext, name: string, listener: Listener) {
    const probeUrl = `http://127.0.0.1:${listener.port}${listener.probePath}`;
    const callers = keepAliveCallers(CALLERS);
    t.after(() => callers.close());
    const counts = new Array<number>(CALLERS).fill(0);
    await callers.connect((agent) => httpCall(probeUrl, { agent }));
    const rssWatch = watchRss(t);
    const { group, openedAt, ...opened } = await openFlood(listener);
    const callsDuringFlood = await callFor(listener, callers.agent, 1000, counts);
    const newcomer = await httpCall(probeUrl).then(
      (answer: HttpAnswer) => `answered ${answer.status}`,
      (error: NodeJS.ErrnoException) => `failed (${error.code ?? error.message})`,
    );
    const cut = await waitForCut(group, openedAt);
    const rss = rssWatch.stop();
    group.destroy();
    const callsAfterFlood = (await callFor(listener, callers.agent, 300, counts)) - callsDuringFlood;
    const afterFlood = await httpCall(probeUrl);
    const callerSockets = callers.openSockets();
    reportFigure(t, `${name}.flood`, { ...opened, ...cut });
    reportFigure(t, `${name}.callers`, { callsDuringFlood, callsAfterFlood, newcomer, callerSockets });
    reportFigure(t, `${name}.rss_mib`, rss);
    return { ...opened, ...cut, callsDuringFlood, callsAfterFlood, newcomer, afterFlood, rss, callerSockets };
  }

  function assertFlood(result: Awaited<ReturnType<typeof flood>>) {
    // The last HTTP_MAX_CONNECTIONS flood connections in hold every slot: the callers' idle
    // sockets and the suite's own keep-alive health-check connection were replaced before them.
    assert.equal(result.admitted, MAX_CONNECTIONS, `${result.admitted} flood connections admitted`);
    // The callers' and the newcomer's new connections each replaced one more before the cut.
    assert.ok(
      result.cutWithAnswer >= MAX_CONNECTIONS - CALLERS - 2 &&
        result.cutWithAnswer <= MAX_CONNECTIONS - CALLERS,
      `${result.cutWithAnswer} flood connections cut with their 408, replaced ones got nothing`,
    );
    assert.ok(result.callsDuringFlood > 0 && result.callsAfterFlood > 0);
    assert.equal(result.callerSockets, CALLERS, 'one open connection per caller');
    assert.equal(result.newcomer, 'answered 200', 'a new connection during the flood is answered');
    assert.equal(result.afterFlood.status, 200);
    assert.ok(result.rss.peak - result.rss.baseline < RSS_GROWTH_BOUND_MIB, JSON.stringify(result.rss));
    assert.ok(service.isAlive());
  }

  it(`HTTP: ${FLOOD} connections each sending part of a ${MAX_REQUEST_BYTES}-byte body`, async (t) => {
    const result = await flood(t, 'flood_http', {
      port: service.httpPort,
      halfRequest: `POST /json HTTP/1.1\r\nHost: rl\r\nContent-Length: ${MAX_REQUEST_BYTES}\r\n\r\n${'x'.repeat(MAX_REQUEST_BYTES - 1)}`,
      probePath: '/healthcheck',
      call: async (agent, caller, n) => {
        const body = JSON.stringify({
          domain: 'flood',
          descriptors: [{ entries: [{ key: 'caller', value: `http${caller}` }] }],
        });
        const answer = await httpCall(`${service.httpUrl}/json`, { agent, method: 'POST', body });
        const json = JSON.parse(answer.text) as {
          overallCode: string;
          statuses: { limitRemaining: number }[];
        };
        assert.equal(answer.status, 200, answer.text);
        assert.equal(json.overallCode, 'OK');
        assert.equal(json.statuses[0].limitRemaining, LIMIT - n);
        const health = await httpCall(`${service.httpUrl}/healthcheck`, { agent });
        assert.deepEqual([health.status, health.text], [200, 'OK']);
      },
    });
    assertFlood(result);
  });

  it(`debug listener: ${FLOOD} connections with half-sent headers`, async (t) => {
    const debugUrl = `http://127.0.0.1:${service.debugPort}`;
    const result = await flood(t, 'flood_debug', {
      port: service.debugPort,
      halfRequest: 'GET /stats HTTP/1.1\r\nHost: rl\r\n',
      probePath: '/rlconfig',
      call: async (agent) => {
        const answer = await httpCall(`${debugUrl}/rlconfig`, { agent });
        assert.deepEqual([answer.status, answer.text], [200, RLCONFIG]);
      },
    });
    assertFlood(result);
  });
});
