// The operator console's JSON API on the debug listener (docs/console.md#json-api): the rules in
// force and the loads, traffic and limited values fed by gRPC calls, the try form answering as
// /json does, and the rules check.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { FakeClock } from '../support/fake-clock';
import { aliasBombYaml, manyRulesYaml } from '../../load/hostile-rules';
import { createRulesDir, type RulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { MAX_DESCRIBED_DESCRIPTORS } from '../../src/console/console-api';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `domain: foo
descriptors:
  - key: k1
    value: v1
    rate_limit: { unit: minute, requests_per_unit: 3 }
  - key: remote_address
    detailed_metric: true
    rate_limit: { unit: minute, requests_per_unit: 1, name: per_client }
`;
const WAIT = { timeoutMs: 10_000, intervalMs: 50 };
// 5 s into a minute (1764000000 is a multiple of 60), and it stays there: no window ends mid-test.
const NOW_MS = 1_764_000_000_000 + 5_000;

interface TrafficAnswer {
  series: { statsKey: string; requests: number[]; nearLimit: number[]; overLimit: number[] }[];
}

describe('console JSON API', () => {
  let app: TestApp;
  let rules: RulesDir;
  const get = async (path: string) => (await fetch(`${app.debugUrl}${path}`)).json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const post = async (path: string, body: string) => {
    const type = path.startsWith('/console/api/check') ? 'application/yaml' : 'application/json';
    const headers = { 'content-type': type };
    const response = await fetch(`${app.debugUrl}${path}`, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text() };
  };
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  before(async () => {
    rules = createRulesDir({ 'foo.yaml': RULES });
    app = await startTestApp(rules.env, { clock: new FakeClock(NOW_MS) });
  });
  after(() => app.stop());

  it('serves the page at /console', async () => {
    const response = await fetch(`${app.debugUrl}/console`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(await response.text(), /<title>rate limit console<\/title>/);
    const script = await fetch(`${app.debugUrl}/console/console.js`);
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  });

  it('describes the rules in force as a tree with their source and the last load', async () => {
    const answer = await get('/console/api/rules');
    assert.equal(answer.origin, `files in ${rules.path}`);
    assert.equal(answer.lastAttempt.ok, true);
    assert.equal(answer.lastAttempt.domainCount, 1);
    assert.equal(answer.lastFailure, null);
    assert.deepEqual([answer.descriptorCount, answer.maxDescriptors], [2, MAX_DESCRIBED_DESCRIPTORS]);
    assert.deepEqual(answer.domains, [
      {
        domain: 'foo',
        sources: ['foo.yaml'],
        descriptors: [
          {
            key: 'k1',
            value: 'v1',
            statsKey: 'foo.k1_v1',
            valueToMetric: false,
            shareThreshold: false,
            limits: [limit({ requestsPerUnit: 3, statsKey: 'foo.k1_v1' })],
            children: [],
          },
          {
            key: 'remote_address',
            value: null,
            statsKey: 'foo.remote_address',
            valueToMetric: false,
            shareThreshold: false,
            limits: [
              limit({
                requestsPerUnit: 1,
                statsKey: 'foo.remote_address',
                name: 'per_client',
                detailedMetric: true,
              }),
            ],
            children: [],
          },
        ],
      },
    ]);
  });

  it('charts hits, near-limit and over-limit per stats key and lists who is limited', async () => {
    for (let i = 0; i < 5; i++) await app.grpc.shouldRateLimit(rlsRequest('foo', [['k1', 'v1']]));
    for (const [address, calls] of [
      ['10.0.0.1', 4],
      ['10.0.0.2', 2],
    ] as const) {
      for (let i = 0; i < calls; i++)
        await app.grpc.shouldRateLimit(rlsRequest('foo', [['remote_address', address]]));
    }
    const totals = await waitFor(
      async () => {
        const answer = (await get('/console/api/traffic')) as TrafficAnswer;
        const k1 = answer.series.find(({ statsKey }) => statsKey === 'foo.k1_v1');
        const wanted = k1 && [sum(k1.requests), sum(k1.nearLimit), sum(k1.overLimit)];
        return wanted?.join() === '5,1,2' ? wanted : undefined;
      },
      { ...WAIT, description: 'foo.k1_v1 traffic 5 hits, 1 near limit, 2 over limit' },
    );
    assert.deepEqual(totals, [5, 1, 2]);
    const full = (await get('/console/api/traffic')) as TrafficAnswer & {
      lastSecond: number;
      seconds: number;
    };
    assert.equal(full.seconds, 900);
    assert.equal(full.series[0].requests.length, 900);
    const recent = (await get(`/console/api/traffic?since=${full.lastSecond - 2}`)) as {
      seconds: number;
      lastSecond: number;
      series: TrafficAnswer['series'];
    };
    assert.equal(recent.seconds, Math.min(900, recent.lastSecond - full.lastSecond + 2));
    assert.equal(recent.series[0].requests.length, recent.seconds);
    const limited = await get('/console/api/limited');
    assert.equal(limited.windowMinutes, 5);
    assert.equal(limited.slotsPerMinute, 64);
    assert.deepEqual(limited.rules, [
      {
        ruleStatsKey: 'foo.remote_address',
        overLimitHits: 4,
        errorBound: 0,
        top: [
          { value: 'remote_address=10.0.0.1', count: 3, error: 0 },
          { value: 'remote_address=10.0.0.2', count: 1, error: 0 },
        ],
      },
      {
        ruleStatsKey: 'foo.k1_v1',
        overLimitHits: 2,
        errorBound: 0,
        top: [{ value: 'k1=v1', count: 2, error: 0 }],
      },
    ]);
  });

  it('answers an open page with the traffic and limited values in one answer, and counts the rule loads', async () => {
    const full = (await get('/console/api/traffic')) as { lastSecond: number };
    const live = await get(`/console/api/live?since=${full.lastSecond - 1}`);
    assert.deepEqual(Object.keys(live), ['pid', 'ruleLoads', 'traffic', 'limited']);
    assert.equal(live.ruleLoads, 1);
    assert.equal(live.traffic.seconds, live.traffic.lastSecond - full.lastSecond + 1);
    assert.deepEqual(live.limited, await get('/console/api/limited'));
    assert.deepEqual((await get('/console/api/live?seconds=3')).traffic.seconds, 3);
  });

  it('answers a try as /json answers the same request with no hits, and counts only when asked', async () => {
    const body = {
      domain: 'foo',
      descriptors: [{ entries: [{ key: 'remote_address', value: '10.0.0.9' }] }],
    };
    const tried = await post('/console/api/try', JSON.stringify(body));
    const readOnlyJson = await app.json({
      ...body,
      descriptors: body.descriptors.map((descriptor) => ({ ...descriptor, hits_addend: 0 })),
    });
    assert.equal(tried.status, 200);
    assert.equal(tried.text, readOnlyJson.text);
    assert.deepEqual(JSON.parse(tried.text).statuses[0].limitRemaining, 1);
    const counted = await post('/console/api/try?count=true', JSON.stringify(body));
    assert.equal(JSON.parse(counted.text).statuses[0].limitRemaining ?? 0, 0); // proto3 JSON omits zeros
    const over = await post('/console/api/try?count=true', JSON.stringify(body));
    assert.equal(over.status, 429);
    assert.equal(JSON.parse(over.text).overallCode, 'OVER_LIMIT');
    const invalid = await post('/console/api/try', '{"domain": ""}');
    assert.equal(invalid.status, (await app.json('{"domain": ""}')).status);
    assert.equal(invalid.text, (await app.json('{"domain": ""}')).text);
  });

  it('checks pasted YAML without applying it', async () => {
    const bad = await post(
      '/console/api/check',
      'domain: foo\ndescriptors:\n  - key: k1\n    rate_limit: { unit: fortnight, requests_per_unit: 1 }\n',
    );
    const answer = JSON.parse(bad.text);
    assert.equal(answer.ok, false);
    assert.deepEqual(
      answer.errors.map(({ line, column }: { line: number; column: number }) => [line, column]),
      [[4, 17]],
    );
    assert.match(
      answer.errors[0].message,
      /^pasted\.yaml: invalid rate limit unit 'fortnight' \(line 4, column 17\)$/,
    );
    const good = JSON.parse(
      (await post('/console/api/check', RULES.replace('requests_per_unit: 3', 'requests_per_unit: 30'))).text,
    );
    assert.deepEqual(good.changes, [
      {
        change: 'changed',
        key: 'foo.k1_v1',
        before: '3 per 1 MINUTE, fixed_window',
        after: '30 per 1 MINUTE, fixed_window',
      },
    ]);
    assert.equal(good.changeCount, 1);
    assert.equal((await get('/console/api/rules')).domains[0].descriptors[0].limits[0].requestsPerUnit, 3);
  });

  it('refuses an alias bomb in the rules check with its position (the check runs in the rules worker)', async () => {
    const answer = JSON.parse((await post('/console/api/check', aliasBombYaml(6))).text);
    assert.deepEqual(answer, {
      ok: false,
      errors: [
        {
          message:
            'pasted.yaml: error loading config file: yaml: document contains excessive aliasing (line 6, column 48)',
          detail: 'error loading config file: yaml: document contains excessive aliasing',
          line: 6,
          column: 48,
        },
      ],
      errorCount: 1,
      changes: [],
      changeCount: 0,
    });
  });

  it('keeps the good rules and shows the error of a failed load', async () => {
    rules.write(
      'foo.yaml',
      'domain: foo\ndescriptors:\n  - key: k1\n    rate_limit: { unit: minute }\n  bad\n',
    );
    const answer = await waitFor(
      async () => {
        const current = await get('/console/api/rules');
        return current.lastFailure === null ? undefined : current;
      },
      { ...WAIT, description: 'a failed load' },
    );
    assert.equal(answer.lastAttempt.ok, false);
    assert.match(answer.lastFailure.error, /^foo\.yaml: /);
    assert.equal(answer.lastSuccess.ok, true);
    assert.equal(answer.domains[0].descriptors.length, 2);
    assert.equal((await get('/console/api/live')).ruleLoads, 2); // the page asks for the rules again
  });

  it('answers 404 with JSON for an unknown API route', async () => {
    const response = await fetch(`${app.debugUrl}/console/api/nothing`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { error: 'no console API route GET nothing' });
  });

  it('refuses a body past 1 MiB with 413 before reading it, and takes one of exactly 1 MiB', async () => {
    const padded = (bytes: number) => {
      const request = JSON.stringify({
        domain: 'bar', // no rules: OK, whatever the earlier tests counted
        descriptors: [{ entries: [{ key: 'k', value: 'v' }] }],
      });
      return request + ' '.repeat(bytes - request.length);
    };
    assert.deepEqual(await post('/console/api/try', padded(1024 * 1024 + 1)), {
      status: 413,
      text: 'the body is larger than 1048576 bytes\n',
    });
    assert.equal((await post('/console/api/try', padded(1024 * 1024))).status, 200);
    assert.equal((await get('/console/api/rules')).domains.length, 1, 'the listener still answers');
  });

  it('describes at most MAX_DESCRIBED_DESCRIPTORS descriptors, the first in load order, and counts them all', async () => {
    rules.write('foo.yaml', RULES);
    rules.write('many.yaml', manyRulesYaml(2500, 'many'));
    const answer = await waitFor(
      async () => {
        const current = await get('/console/api/rules');
        return current.descriptorCount === 2502 ? current : undefined;
      },
      { ...WAIT, description: 'many.yaml in force' },
    );
    assert.equal(answer.maxDescriptors, MAX_DESCRIBED_DESCRIPTORS);
    const shown = answer.domains.map((domain: { domain: string; descriptors: unknown[] }) => [
      domain.domain,
      domain.descriptors.length,
    ]);
    assert.deepEqual(shown, [
      ['foo', 2],
      ['many', MAX_DESCRIBED_DESCRIPTORS - 2],
    ]);
    assert.equal(answer.domains[1].descriptors.at(-1).value, `u${MAX_DESCRIBED_DESCRIPTORS - 3}`);
    rules.remove('many.yaml');
  });
});

function limit(fields: {
  requestsPerUnit: number;
  statsKey: string;
  name?: string;
  detailedMetric?: boolean;
}) {
  return {
    requestsPerUnit: fields.requestsPerUnit,
    unit: 'MINUTE',
    unitMultiplier: 1,
    windowSeconds: 60,
    algorithm: 'fixed_window',
    burst: 0,
    counting: 'exact',
    name: fields.name ?? null,
    replaces: [],
    unlimited: false,
    shadowMode: false,
    quotaMode: false,
    detailedMetric: fields.detailedMetric ?? false,
    itemLabel: null,
    statsKey: fields.statsKey,
  };
}
