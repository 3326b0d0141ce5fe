// The debug listener (docs/service.md, "Debug listener"): index, /rlconfig, /stats, /debug/pprof/*
// (one profile at a time), /debug/vars, and the cross-site check in front of every route.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { performance } from 'node:perf_hooks';
import { waitFor } from '@repo/test-support';
import type { ProcessVars } from '../../src/debug/process-vars';
import { REFUSAL_HOLD_MS } from '../../src/debug/serve-profile';
import { debugRequest } from '../../load/debug-request';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: foo
descriptors:
  - key: k1
    value: v1
    rate_limit: { unit: minute, requests_per_unit: 3 }
  - key: k2
    shadow_mode: true
    rate_limit: { unit: second, requests_per_unit: 10 }
`;

interface HeapProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  id: number;
  children: HeapProfileNode[];
}
interface HeapProfile {
  head: HeapProfileNode;
  samples: { size: number; nodeId: number; ordinal: number }[];
}

describe('debug listener', () => {
  let app: TestApp;
  const port = () => Number(new URL(app.debugUrl).port);
  /** After each profile the slot rests 10 times the pauses it caused (a few seconds here). */
  const freeSlot = () =>
    waitFor(async () => (await get('/debug/pprof/')).text.endsWith('profile slot: free\n'), {
      timeoutMs: 30_000,
      intervalMs: 100,
      description: 'the profile slot to be free',
    });
  const get = async (path: string) => {
    const response = await fetch(`${app.debugUrl}${path}`);
    return {
      status: response.status,
      text: await response.text(),
      type: response.headers.get('content-type'),
    };
  };

  before(async () => {
    app = await startTestApp(createRulesDir({ 'foo.yaml': RULES }).env);
  });
  after(() => app.stop());

  it('lists the endpoints at / and at any unknown path', async () => {
    for (const path of ['/', '/whatever']) {
      const { status, text } = await get(path);
      assert.equal(status, 200);
      assert.match(text, /^\/rlconfig: /m);
      assert.match(text, /^\/stats: /m);
      assert.match(text, /^\/debug\/pprof\/: /m);
      assert.match(text, /^\/debug\/vars: /m);
    }
  });

  it('dumps the active rules in the reference format', async () => {
    const { text } = await get('/rlconfig');
    assert.equal(
      text,
      'foo.k1_v1: unit=MINUTE requests_per_unit=3, shadow_mode: false, quota_mode: false\n' +
        'foo.k2: unit=SECOND requests_per_unit=10, shadow_mode: true, quota_mode: false\n',
    );
  });

  it('prints every statistic as name: value lines', async () => {
    await app.grpc.shouldRateLimit(rlsRequest('foo', [['k1', 'v1']]));
    const { text } = await get('/stats');
    const lines = text.trimEnd().split('\n');
    assert.ok(
      lines.every((line) => /^[^:]+: -?\d+(\.\d+)?$/.test(line)),
      text,
    );
    assert.ok(lines.includes('ratelimit.service.rate_limit.foo.k1_v1.total_hits: 1'));
    assert.ok(lines.includes('ratelimit.service.rate_limit.foo.k1_v1.within_limit: 1'));
    assert.ok(lines.includes('ratelimit_server.ShouldRateLimit.total_requests: 1'));
  });

  it('takes a CPU profile for the asked number of seconds', async () => {
    await freeSlot();
    const profile = await get('/debug/pprof/profile?seconds=1');
    assert.equal(profile.status, 200);
    const parsed = JSON.parse(profile.text) as { nodes: unknown[]; startTime: number; endTime: number };
    assert.ok(parsed.nodes.length > 0);
    assert.ok(parsed.endTime - parsed.startTime >= 900_000, 'about one second of samples (µs)');
    assert.equal((await get('/debug/pprof/profile?seconds=abc')).status, 400);
  });

  it('takes a sampled heap profile: allocation stacks and sizes, no memory contents', async () => {
    await freeSlot();
    const answer = fetch(`${app.debugUrl}/debug/pprof/heap?seconds=2`);
    await waitFor(
      async () => (await get('/debug/pprof/')).text.includes('profile slot: a heap profile is running'),
      { timeoutMs: 5000, intervalMs: 20, description: 'the heap profile to start' },
    );
    // the service runs in this process: what this function keeps is sampled, with its stack
    const kept = await keepForTheHeapProfile();
    const response = await answer;
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="ratelimit.heapprofile"');
    const profile = (await response.json()) as HeapProfile;
    assert.equal(profile.head.callFrame.functionName, '(root)');
    assert.deepEqual(Object.keys(profile).sort(), ['head', 'samples']);
    assert.ok(profile.samples.every((sample) => sample.size > 0 && sample.nodeId > 0));
    const keeper = findNode(profile.head, keepForTheHeapProfile.name);
    assert.ok(keeper !== undefined && keeper.selfSize > 0, 'the kept arrays are in the profile');
    assert.equal(kept.length, 256);
    assert.match(
      response.headers.get('server-timing') ?? '',
      /^start;dur=[\d.]+, stop;dur=[\d.]+, json;dur=[\d.]+$/,
    );
    const bad = await get('/debug/pprof/heap?seconds=301');
    assert.deepEqual([bad.status, bad.text], [400, 'seconds must be an integer from 1 to 300, got "301"\n']);
  });

  it('runs one profile at a time, CPU or heap, then rests: 429 with when to retry', async () => {
    await freeSlot();
    const running = fetch(`${app.debugUrl}/debug/pprof/profile?seconds=2`);
    await waitFor(
      async () => (await get('/debug/pprof/')).text.includes('profile slot: a CPU profile is running'),
      {
        timeoutMs: 5000,
        description: 'the CPU profile to hold the slot',
      },
    );
    for (const path of ['/debug/pprof/heap?seconds=1', '/debug/pprof/profile?seconds=1']) {
      const busy = await debugRequest(port(), { path });
      assert.equal(busy.status, 429);
      assert.match(
        busy.text,
        /^a CPU profile is running \(about [12] s left\): one profile at a time on the debug listener, CPU or heap; retry after it\n$/,
      );
      assert.match(busy.retryAfter ?? '', /^[12]$/);
    }
    const ran = await running;
    assert.equal(ran.status, 200);
    const pausesMs = (ran.headers.get('server-timing') ?? '')
      .split(', ')
      .reduce((sum, timing) => sum + Number(timing.split(';dur=')[1]), 0);
    const resting = await debugRequest(port(), { path: '/debug/pprof/heap?seconds=1' });
    if (pausesMs >= 100) {
      // a rest of at least one second: long enough to be seen here
      assert.equal(resting.status, 429);
      assert.match(
        resting.text,
        /^the last profile held the event loop for \d+ ms; the next may start 10 times that later, in \d+ s\n$/,
      );
    }
    await freeSlot();
    assert.equal((await get('/debug/pprof/heap?seconds=1')).status, 200);
  });

  it('sends a refusal REFUSAL_HOLD_MS after it was asked: a client asking again at once is refused 5 times a second', async () => {
    await freeSlot();
    const running = fetch(`${app.debugUrl}/debug/pprof/profile?seconds=2`);
    await waitFor(
      async () => (await get('/debug/pprof/')).text.includes('profile slot: a CPU profile is running'),
      { timeoutMs: 5000, description: 'the CPU profile to hold the slot' },
    );
    const refusalsMs: number[] = [];
    for (const started = performance.now(); performance.now() - started < 1000;) {
      const asked = performance.now();
      const refused = await debugRequest(port(), { path: '/debug/pprof/heap?seconds=1' });
      assert.equal(refused.status, 429);
      refusalsMs.push(performance.now() - asked);
    }
    assert.equal((await running).status, 200);
    // answered at once, a loop like this one was refused thousands of times a second
    assert.ok(refusalsMs.length <= 1000 / REFUSAL_HOLD_MS, `${refusalsMs.length} refusals in 1 s`);
    for (const ms of refusalsMs) assert.ok(ms >= REFUSAL_HOLD_MS - 5, `a refusal after ${ms} ms`);
  });

  it('frees the slot when the client of a profile goes away, and stops the profiler', async () => {
    for (const [kind, path] of [
      ['CPU', '/debug/pprof/profile?seconds=60'],
      ['heap', '/debug/pprof/heap?seconds=60'],
    ]) {
      await freeSlot();
      const abort = new AbortController();
      const running = fetch(`${app.debugUrl}${path}`, { signal: abort.signal });
      await waitFor(
        async () => (await get('/debug/pprof/')).text.includes(`profile slot: a ${kind} profile is running`),
        { timeoutMs: 5000, description: `the ${kind} profile to hold the slot` },
      );
      abort.abort();
      await running.catch(() => undefined);
      await freeSlot(); // well before the 60 s
    }
    assert.equal((await get('/debug/pprof/heap?seconds=1')).status, 200, 'the heap profiler was stopped');
  });

  it('refuses other Hosts and cross-site requests on every route, with the reason', async () => {
    for (const path of [
      '/',
      '/stats',
      '/rlconfig',
      '/debug/vars',
      '/debug/pprof/heap?seconds=1',
      '/console',
    ]) {
      const rebound = await debugRequest(port(), { path, headers: { host: 'evil.example:6070' } });
      assert.equal(rebound.status, 403, path);
      assert.match(rebound.text, /^the debug listener does not answer Host "evil.example:6070": /);
      const crossOrigin = await debugRequest(port(), {
        path,
        headers: { host: 'localhost:6070', origin: 'http://evil.example' },
      });
      assert.equal(crossOrigin.status, 403, path);
      const image = await debugRequest(port(), {
        path,
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      });
      assert.equal(image.status, 403, path);
    }
    for (const host of ['localhost:31234', `127.0.0.1:${port()}`, `[::1]:${port()}`]) {
      const answer = await debugRequest(port(), { path: '/rlconfig', headers: { host } });
      assert.equal(answer.status, 200, host);
    }
    const sameOrigin = await debugRequest(port(), {
      path: '/stats',
      headers: { host: 'localhost:8000', origin: 'http://localhost:8000', 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(sameOrigin.status, 200);
  });

  it('reports memory, active handles and the event-loop delay since the previous read', async () => {
    const first = await get('/debug/vars');
    assert.equal(first.status, 200);
    assert.equal(first.type, 'application/json');
    const vars = JSON.parse(first.text) as ProcessVars;
    assert.equal(vars.pid, process.pid); // the test app runs in this process
    assert.ok(
      vars.memory.rss > 0 && vars.memory.heapUsed > 0 && vars.memory.heapUsed <= vars.memory.heapTotal,
    );
    assert.ok((vars.activeResources.byType.TCPServerWrap ?? 0) >= 3, 'gRPC, HTTP and debug listeners');
    assert.equal(
      vars.activeResources.total,
      Object.values(vars.activeResources.byType).reduce((sum, count) => sum + count, 0),
    );
    assert.equal(vars.eventLoopDelay, null, 'the first read starts the measurement');
    await waitFor(
      async () => (JSON.parse((await get('/debug/vars')).text) as ProcessVars).eventLoopDelay !== null,
      { timeoutMs: 5000, description: 'event-loop delay samples' },
    );
  });
});

/** 256 arrays of 16 KiB (4 MiB, ~128 samples at V8's 32 KiB interval), made over a few turns of the loop. */
async function keepForTheHeapProfile(): Promise<number[][]> {
  const kept: number[][] = [];
  for (let index = 0; index < 256; index++) {
    kept.push(new Array<number>(2048).fill(index));
    if (index % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
  }
  return kept;
}

function findNode(node: HeapProfileNode, functionName: string): HeapProfileNode | undefined {
  if (node.callFrame.functionName === functionName) return node;
  for (const child of node.children) {
    const found = findNode(child, functionName);
    if (found !== undefined) return found;
  }
  return undefined;
}
