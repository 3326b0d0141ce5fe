// HTTP POST /json end to end (docs/service.md): the same service as gRPC, proto3 JSON in and out.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeClock } from '../support/fake-clock';
import { createRulesDir } from '../../load/rules-dir';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: dummy
descriptors:
  - key: one_per_day
    rate_limit: { unit: day, requests_per_unit: 1, name: daily }
  - key: ten_per_minute
    rate_limit: { unit: minute, requests_per_unit: 10 }
    metadata: { team: edge, owner: { name: ops } }
`;
const START_MS = Date.UTC(2026, 10, 24, 12, 0, 2);
const request = (key: string, value: string) => ({
  domain: 'dummy',
  descriptors: [{ entries: [{ key, value }] }],
});

describe('HTTP /json', () => {
  let app: TestApp;

  before(async () => {
    const rules = createRulesDir({ 'dummy.yaml': RULES });
    app = await startTestApp(
      { ...rules.env, LIMIT_RESPONSE_HEADERS_ENABLED: 'true', RESPONSE_DYNAMIC_METADATA: 'true' },
      { clock: new FakeClock(START_MS) },
    );
  });
  after(() => app.stop());

  it('answers 200 with the proto3 JSON response (the reference README example), then 429', async () => {
    const first = await app.json(request('one_per_day', 'something'));
    assert.equal(first.status, 200);
    assert.equal(first.contentType, 'application/json');
    assert.deepEqual(first.body, {
      overallCode: 'OK',
      statuses: [
        {
          code: 'OK',
          currentLimit: { name: 'daily', requestsPerUnit: 1, unit: 'DAY' },
          durationUntilReset: '43198s',
        },
      ],
      responseHeadersToAdd: [
        { key: 'RateLimit-Limit', value: '1' },
        { key: 'RateLimit-Remaining', value: '0' },
        { key: 'RateLimit-Reset', value: '43198' },
      ],
      dynamicMetadata: { domain: 'dummy', descriptors: [{ entries: ['one_per_day=something'] }] },
    });
    const second = await app.json(request('one_per_day', 'something'));
    assert.equal(second.status, 429);
    assert.equal((second.body as { overallCode: string }).overallCode, 'OVER_LIMIT');
  });

  it('accepts snake_case names, enum names and integers as strings, and merges passed metadata', async () => {
    const response = await app.json({
      domain: 'dummy',
      hits_addend: '2',
      descriptors: [{ entries: [{ key: 'ten_per_minute', value: 'x' }] }],
    });
    assert.equal(response.status, 200);
    const body = response.body as { statuses: { limitRemaining: number }[]; dynamicMetadata: unknown };
    assert.equal(body.statuses[0].limitRemaining, 8);
    assert.deepEqual(body.dynamicMetadata, {
      domain: 'dummy',
      descriptors: [{ entries: ['ten_per_minute=x'] }],
      hitsAddend: 2,
      metadata: { team: 'edge', owner: { name: 'ops' } },
    });
  });

  it('answers {"code":"OK"} for a descriptor without a limit', async () => {
    const response = await app.json(request('unknown_key', 'x'));
    assert.equal(response.status, 200);
    assert.deepEqual((response.body as { statuses: unknown }).statuses, [{ code: 'OK' }]);
  });

  it('rejects malformed bodies and invalid requests with 400 and a JSON error naming the problem', async () => {
    const cases: [unknown, string][] = [
      ['', 'invalid request body: the request body is empty'],
      ['{"domain":', 'invalid request body: the body is not valid JSON: '],
      [
        { domain: 'dummy', descriptorz: [] },
        'invalid request body: descriptorz: unknown field "descriptorz"',
      ],
      [
        { domain: 'dummy', descriptors: [{ entries: [{ key: 'a', value: 5 }] }] },
        'invalid request body: descriptors[0].entries[0].value: expected a string, got the number 5',
      ],
      [{ domain: '', descriptors: [{ entries: [] }] }, 'rate limit domain must not be empty'],
      [{ domain: 'dummy', descriptors: [] }, 'rate limit descriptor list must not be empty'],
    ];
    for (const [body, message] of cases) {
      const response = await app.json(body);
      assert.equal(response.status, 400, `status for ${JSON.stringify(body)}`);
      assert.equal(response.contentType, 'application/json');
      const error = response.body as { statusCode: number; error: string; message: string };
      assert.equal(error.statusCode, 400);
      assert.equal(error.error, 'Bad Request');
      assert.ok(error.message.startsWith(message), `${error.message} should start with ${message}`);
    }
  });

  it('answers any method on /json and /healthcheck, and 404 elsewhere', async () => {
    const put = await fetch(`${app.httpUrl}/json`, {
      method: 'PUT',
      body: JSON.stringify(request('unknown', 'x')),
    });
    assert.equal(put.status, 200);
    for (const method of ['GET', 'POST', 'HEAD']) {
      const health = await fetch(`${app.httpUrl}/healthcheck`, { method });
      assert.equal(health.status, 200);
      if (method !== 'HEAD') assert.equal(await health.text(), 'OK');
    }
    assert.equal((await fetch(`${app.httpUrl}/metrics`)).status, 404);
  });

  it('rejects a body over MAX_REQUEST_BYTES with 413', async () => {
    const huge = JSON.stringify({
      domain: 'dummy',
      descriptors: [{ entries: [{ key: 'k', value: 'v'.repeat(1_100_000) }] }],
    });
    const response = await app.json(huge);
    assert.equal(response.status, 413);
  });
});

describe('HTTP /json without rules', () => {
  it('answers 503 "no rate limit configuration loaded" until rules are loaded', async () => {
    const rules = createRulesDir({ 'bad.yaml': 'domain: [' });
    const app = await startTestApp(rules.env);
    try {
      const response = await app.json(request('one_per_day', 'x'));
      assert.equal(response.status, 503);
      assert.deepEqual(response.body, {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'no rate limit configuration loaded',
      });
    } finally {
      await app.stop();
    }
  });
});
