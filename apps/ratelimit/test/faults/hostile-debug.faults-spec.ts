// The debug listener under an attacker's use (docs/console.md, "Who may use it"): no route shows
// a secret setting (each set to its own marker, on real Redis servers that need them); a CPU
// profile walks the heap only when none ran for a minute; many profiles at once run one at a
// time while gRPC calls keep their latency; a web page's
// cross-site requests to the console are refused and count nothing.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { stopAllServers, waitFor } from '@repo/test-support';
import { debugRequest, type DebugAnswer, type DebugRequest } from '../../load/debug-request';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import type { ProcessVars } from '../../src/debug/process-vars';
import { startLoad, summarize, waitForCalls } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import { startSecretStores, type SecretSettings } from './secret-settings';

const RULES = `
domain: hostile
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
  - key: burst
    rate_limit: { unit: second, requests_per_unit: 100000000 }
  - key: quota
    rate_limit: { unit: hour, requests_per_unit: 5 }
`;
/** What the other callers may see while profiles are asked for: generous on a shared 2-core machine. */
const P99_BOUND_MS = 750;
const GETS = [
  '/',
  '/whatever',
  '/stats',
  '/rlconfig',
  '/debug/vars',
  '/debug/pprof/',
  '/debug/pprof/profile?seconds=1',
  '/debug/pprof/heap?seconds=1',
  '/console',
  '/console/index.html',
  '/console/console.js',
  '/console/console.css',
  '/console/api/rules',
  '/console/api/traffic',
  '/console/api/limited',
  '/console/api/live',
  '/console/api/nothing',
];
const TRY_BODY = JSON.stringify({
  domain: 'hostile',
  descriptors: [{ entries: [{ key: 'client', value: 'x' }] }],
});
const POSTS: DebugRequest[] = [
  {
    method: 'POST',
    path: '/console/api/try',
    headers: { 'content-type': 'application/json' },
    body: TRY_BODY,
  },
  {
    method: 'POST',
    path: '/console/api/try?count=true',
    headers: { 'content-type': 'application/json' },
    body: TRY_BODY,
  },
  {
    method: 'POST',
    path: '/console/api/check',
    headers: { 'content-type': 'application/yaml' },
    body: RULES,
  },
  {
    method: 'POST',
    path: '/console/api/check',
    headers: { 'content-type': 'application/yaml' },
    body: 'domain: [',
  },
  { method: 'POST', path: '/console/api/try', headers: { 'content-type': 'text/plain' }, body: TRY_BODY },
  { path: '/stats', headers: { host: 'evil.example:6070' } },
];
const quotaRequest = () => rlsRequest('hostile', [['quota', 'victim']]);

describe('hostile use of the debug listener', () => {
  let secrets: SecretSettings;
  let service: FaultService;
  const ask = (request: DebugRequest) => debugRequest(service.debugPort, request);
  /** After each profile the slot rests 10 times the pauses it caused. */
  const freeSlot = () =>
    waitFor(async () => (await ask({ path: '/debug/pprof/' })).text.endsWith('profile slot: free\n'), {
      timeoutMs: 20_000,
      intervalMs: 100,
      description: 'the profile slot to be free',
    });

  before(async () => {
    secrets = await startSecretStores();
    service = await startFaultService({ ...createRulesDir({ 'hostile.yaml': RULES }).env, ...secrets.env });
  });
  after(async () => {
    await service?.stop();
    await stopAllServers();
  });

  // First: it needs a service that has not profiled yet.
  it('walks the heap for the first CPU profile only: the next, within a minute, starts at once', async (t) => {
    const index = async () => (await ask({ path: '/debug/pprof/' })).text;
    assert.match(
      await index(),
      /\nCPU profiler: cold \(the next CPU profile walks the heap as it starts\)\n/,
    );
    const first = await ask({ path: '/debug/pprof/profile?seconds=1' });
    assert.match(
      await index(),
      /\nCPU profiler: warm \(the next CPU profile starts without walking the heap\)\n/,
    );
    await freeSlot();
    const second = await ask({ path: '/debug/pprof/profile?seconds=1' });
    const startMs = (answer: DebugAnswer) =>
      Number(/start;dur=([\d.]+)/.exec(answer.serverTiming ?? '')?.[1]);
    reportFigure(t, 'debug_profiles.start_ms', { first: startMs(first), second: startMs(second) });
    assert.deepEqual([first.status, second.status], [200, 200]);
    assert.ok(
      startMs(second) < startMs(first) / 2,
      `starts of ${startMs(first)} ms, then ${startMs(second)} ms`,
    );
  });

  it('shows no secret setting on any route (each set to its own marker)', async (t) => {
    assertMarkersAreHeld(service.pid, secrets);
    const decisions = await Promise.all(
      [rlsRequest('hostile', [['client', 'a']]), rlsRequest('hostile', [['burst', 'a']])].map((request) =>
        service.grpc.call(request),
      ),
    );
    assert.deepEqual(
      decisions.map((decision) => decision.code),
      ['OK', 'OK'],
      'both stores answer with the secret settings',
    );
    const answers: [string, DebugAnswer][] = [];
    for (const path of GETS) {
      if (path.startsWith('/debug/pprof/') && path.includes('seconds')) await freeSlot();
      answers.push([path, await ask({ path })]);
    }
    for (const request of POSTS)
      answers.push([`${request.method ?? 'GET'} ${request.path}`, await ask(request)]);
    const leaks = answers.flatMap(([route, answer]) =>
      [...secrets.markers]
        .filter(([, marker]) => answer.text.includes(marker))
        .map(([name]) => `${name} in ${route}`),
    );
    reportFigure(t, 'debug_secrets.checked', {
      routes: answers.length,
      settings: secrets.markers.size,
      bytes: answers.reduce((sum, [, answer]) => sum + answer.text.length, 0),
    });
    assert.deepEqual(leaks, []);
    const statuses = Object.fromEntries(answers.map(([route, answer]) => [route, answer.status]));
    assert.equal(statuses['/debug/pprof/heap?seconds=1'], 200);
    assert.equal(statuses['/debug/pprof/profile?seconds=1'], 200);
    assert.equal(statuses['/console/api/rules'], 200);
  });

  it('3 heap and 20 CPU profiles at once, gRPC calls running: one runs, the rest 429, no call fails', async (t) => {
    const load = startLoad(
      {
        client: service.grpc,
        inFlight: 16,
        request: (n) => rlsRequest('hostile', [['client', `c${n % 200}`]]),
      },
      t,
    );
    await waitForCalls(load, 200);
    await freeSlot();
    await ask({ path: '/debug/vars' }); // the loop delay is measured from here
    const heap = await profilesAtOnce('/debug/pprof/heap?seconds=2', 3);
    await freeSlot();
    const cpu = await profilesAtOnce('/debug/pprof/profile?seconds=2', 20);
    const vars = JSON.parse((await ask({ path: '/debug/vars' })).text) as ProcessVars;
    const calls = summarize(await load.stop());
    reportFigure(t, 'debug_profiles.pauses_ms', { heap: heap.pauses, cpu: cpu.pauses });
    reportFigure(t, 'debug_profiles.other_callers', calls);
    reportFigure(t, 'debug_profiles.event_loop_delay_ms', vars.eventLoopDelay);
    assert.deepEqual(heap.statuses, { 200: 1, 429: 2 });
    assert.deepEqual(cpu.statuses, { 200: 1, 429: 19 });
    assert.deepEqual(Object.keys(calls.outcomes), ['OK']);
    assert.ok(calls.p99LatencyMs <= P99_BOUND_MS, `p99 ${calls.p99LatencyMs} ms`);
    assert.ok(service.isAlive());
  });

  it('refuses cross-site console requests (403, 415) and counts none of them', async (t) => {
    const body = JSON.stringify({
      domain: 'hostile',
      descriptors: [{ entries: [{ key: 'quota', value: 'victim' }] }],
    });
    const headers = [
      { host: 'evil.example:6070', origin: 'http://evil.example', 'content-type': 'text/plain' },
      { host: 'evil.example:6070', origin: 'http://evil.example:6070', 'content-type': 'application/json' },
      {
        host: `localhost:${service.debugPort}`,
        origin: 'http://evil.example',
        'content-type': 'application/json',
      },
      { host: `localhost:${service.debugPort}`, 'content-type': 'text/plain' },
      {
        host: `localhost:${service.debugPort}`,
        'sec-fetch-site': 'cross-site',
        'content-type': 'text/plain',
      },
      { host: `localhost:${service.debugPort}`, 'content-type': 'application/x-www-form-urlencoded' },
    ];
    const statuses: number[] = [];
    for (const sent of headers)
      statuses.push(
        (await ask({ method: 'POST', path: '/console/api/try?count=true', headers: sent, body })).status,
      );
    reportFigure(t, 'debug_cross_site.statuses', statuses);
    assert.deepEqual(statuses, [403, 403, 403, 415, 403, 415]);
    const after = await service.grpc.call(quotaRequest());
    assert.equal(after.code, 'OK');
    assert.equal(after.response?.statuses[0]?.limitRemaining, 4, 'only this call counted: 5 - 1');
  });

  /**
   * Status code -> how many of `count` simultaneous requests of `path` got it, and the pauses
   * (Server-Timing) of the one that ran.
   */
  async function profilesAtOnce(path: string, count: number) {
    const answers = await Promise.all(Array.from({ length: count }, () => ask({ path })));
    const statuses: Record<number, number> = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    return { statuses, pauses: answers.find((answer) => answer.status === 200)?.serverTiming };
  }
});

/** The test would prove nothing if the service did not hold every marker. */
function assertMarkersAreHeld(pid: number, secrets: SecretSettings): void {
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
  const keyFiles = Object.values(secrets.env)
    .filter((value) => value.endsWith('.pem'))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
  for (const [name, marker] of secrets.markers)
    assert.ok(environ.includes(marker) || keyFiles.includes(marker), `${name}'s marker is set`);
}
