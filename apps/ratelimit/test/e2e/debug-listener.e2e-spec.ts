// The debug listener (docs/service.md, "Debug listener"): index, /rlconfig, /stats, /debug/pprof/*,
// /debug/vars.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import type { ProcessVars } from '../../src/debug/process-vars';
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

describe('debug listener', () => {
  let app: TestApp;
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

  it('takes a CPU profile for the asked number of seconds and a heap snapshot', async () => {
    const profile = await get('/debug/pprof/profile?seconds=1');
    assert.equal(profile.status, 200);
    const parsed = JSON.parse(profile.text) as { nodes: unknown[]; startTime: number; endTime: number };
    assert.ok(parsed.nodes.length > 0);
    assert.ok(parsed.endTime - parsed.startTime >= 900_000, 'about one second of samples (µs)');
    assert.equal((await get('/debug/pprof/profile?seconds=abc')).status, 400);
    const heap = await fetch(`${app.debugUrl}/debug/pprof/heap`);
    assert.equal(heap.status, 200);
    const snapshot = (await heap.json()) as { snapshot: { node_count: number } };
    assert.ok(snapshot.snapshot.node_count > 1000);
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
