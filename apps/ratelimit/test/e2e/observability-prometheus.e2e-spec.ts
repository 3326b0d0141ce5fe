// The pull sink (USE_PULLSTATS): /metrics on its own listener, scraped after real traffic, with
// the built-in mapping (the reference README's, docs/observability.md) and with a PULLSTATS_MAPPER_YAML file
// (statsd_exporter format: glob, regex, labels, drop); a broken mapping file stops start-up.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, scratchDir } from '@repo/test-support';
import { parseSamples, sampleValue, type Sample } from '../support/prometheus-text';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: obs
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: tight
    rate_limit: { unit: minute, requests_per_unit: 1 }
  - key: path
    value: api
    descriptors:
      - key: user
        rate_limit: { unit: minute, requests_per_unit: 10 }
`;

/** 5 answered ShouldRateLimit calls, 1 invalid one (service_error), 1 health Check. */
async function sendTraffic(app: TestApp): Promise<void> {
  await app.grpc.shouldRateLimit(rlsRequest('obs', [['user', 'alice']]));
  await app.grpc.shouldRateLimit(rlsRequest('obs', [['user', 'bob']]));
  await app.grpc.shouldRateLimit(rlsRequest('obs', [['tight', 'x']]));
  await app.grpc.shouldRateLimit(rlsRequest('obs', [['tight', 'x']]));
  await app.grpc.shouldRateLimit(
    rlsRequest('obs', [
      ['path', 'api'],
      ['user', 'carol'],
    ]),
  );
  await app.grpc.shouldRateLimitError(rlsRequest('', [['user', 'alice']]));
  await app.grpc.healthCheck('ratelimit');
}

const PULL_ENV = { DISABLE_STATS: 'false', USE_PUSHSTATS: 'false', USE_PULLSTATS: 'true' };

async function startPullApp(extra: Record<string, string> = {}): Promise<{ app: TestApp; url: string }> {
  const port = await freePort();
  const rules = createRulesDir({ 'obs.yaml': RULES });
  const app = await startTestApp({
    ...rules.env,
    ...PULL_ENV,
    PULLSTATS_ADDR: `127.0.0.1:${port}`,
    PULLSTATS_PATH: '/metrics',
    ...extra,
  });
  return { app, url: `http://127.0.0.1:${port}` };
}

describe('Prometheus pull sink with the built-in mapping', () => {
  let app: TestApp;
  let url: string;
  let text: string;
  let samples: Sample[];

  before(async () => {
    ({ app, url } = await startPullApp());
    await sendTraffic(app);
    const response = await fetch(`${url}/metrics`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
    text = await response.text();
    samples = parseSamples(text);
  });
  after(() => app?.stop());

  it('per-limit stats: counters named after the built-in mapping, labels domain/key1[/key2]', () => {
    const value = (stat: string, labels: Record<string, string>) =>
      sampleValue(samples, `ratelimit_service_rate_limit_${stat}`, labels);
    assert.equal(value('total_hits', { domain: 'obs', key1: 'user' }), 2);
    assert.equal(value('within_limit', { domain: 'obs', key1: 'user' }), 2);
    assert.equal(value('total_hits', { domain: 'obs', key1: 'tight' }), 2);
    assert.equal(value('near_limit', { domain: 'obs', key1: 'tight' }), 1);
    assert.equal(value('over_limit', { domain: 'obs', key1: 'tight' }), 1);
    assert.equal(value('total_hits', { domain: 'obs', key1: 'path_api', key2: 'user' }), 1);
    assert.match(text, /^# TYPE ratelimit_service_rate_limit_total_hits counter$/m);
  });

  it('service stats: errors, requests per gRPC method, response time histogram in seconds, config loads', () => {
    assert.equal(
      sampleValue(samples, 'ratelimit_service_should_rate_limit_error', { err_type: 'service_error' }),
      1,
    );
    assert.equal(
      sampleValue(samples, 'ratelimit_service_total_requests', { grpc_method: 'ShouldRateLimit' }),
      6,
    );
    assert.equal(sampleValue(samples, 'ratelimit_service_total_requests', { grpc_method: 'Check' }), 1);
    assert.equal(
      sampleValue(samples, 'ratelimit_service_response_time_seconds_count', {
        grpc_method: 'ShouldRateLimit',
      }),
      6,
    );
    assert.equal(
      sampleValue(samples, 'ratelimit_service_response_time_seconds_bucket', {
        grpc_method: 'ShouldRateLimit',
        le: '+Inf',
      }),
      6,
    );
    assert.match(text, /^# TYPE ratelimit_service_response_time_seconds histogram$/m);
    assert.equal(sampleValue(samples, 'ratelimit_service_config_load_success'), 1);
  });

  it('a scrape sees the counts up to that moment', async () => {
    await app.grpc.shouldRateLimit(rlsRequest('obs', [['user', 'dave']]));
    const again = parseSamples(await (await fetch(`${url}/metrics`)).text());
    assert.equal(
      sampleValue(again, 'ratelimit_service_rate_limit_total_hits', { domain: 'obs', key1: 'user' }),
      3,
    );
  });

  it("serves prom-client's default process metrics beside the mapped statistics", () => {
    assert.match(text, /^# TYPE process_cpu_seconds_total counter$/m);
    assert.match(text, /^# TYPE process_resident_memory_bytes gauge$/m);
    assert.match(text, /^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    assert.match(text, /^# TYPE process_start_time_seconds gauge$/m);
    assert.equal(typeof sampleValue(samples, 'process_start_time_seconds'), 'number');
  });

  it('answers 404 on other paths and methods, 413 past MAX_REQUEST_BYTES, HEAD with the headers of a scrape', async () => {
    const answers = [];
    for (const [method, path] of [
      ['GET', '/other'],
      ['GET', '/metrics/'],
      ['POST', '/metrics'],
      ['OPTIONS', '/metrics'],
    ]) {
      const response = await fetch(`${url}${path}`, { method });
      answers.push([
        method,
        path,
        response.status,
        response.headers.get('content-type'),
        await response.text(),
      ]);
    }
    const notFound = [404, 'text/plain; charset=utf-8', '404 page not found\n'];
    assert.deepEqual(answers, [
      ['GET', '/other', ...notFound],
      ['GET', '/metrics/', ...notFound],
      ['POST', '/metrics', ...notFound],
      ['OPTIONS', '/metrics', ...notFound],
    ]);
    const tooLarge = await fetch(`${url}/metrics`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    assert.deepEqual(
      [tooLarge.status, await tooLarge.text()],
      [413, 'the body is larger than 1048576 bytes\n'],
      'MAX_REQUEST_BYTES, as on the HTTP listener',
    );
    const head = await fetch(`${url}/metrics?ignored=1`, { method: 'HEAD' });
    assert.deepEqual(
      [head.status, head.headers.get('content-type'), await head.text()],
      [200, 'text/plain; version=0.0.4; charset=utf-8', ''],
    );
  });
});

describe('Prometheus pull sink with PULLSTATS_MAPPER_YAML', () => {
  let app: TestApp;
  let url: string;

  before(async () => {
    const file = join(scratchDir('mapper'), 'mapper.yaml');
    writeFileSync(
      file,
      [
        'mappings:',
        '  - match: ratelimit.service.rate_limit.*.*.total_hits',
        '    name: rl_hits',
        '    labels: { domain: "$1", descriptor: "$2" }',
        "  - match: 'ratelimit_server\\.(.*)\\.total_requests'",
        '    match_type: regex',
        "    name: 'calls_${1}'",
        '  - match: ratelimit.service.rate_limit.*.*.within_limit',
        '    name: dropped',
        '    action: drop',
      ].join('\n'),
    );
    ({ app, url } = await startPullApp({ PULLSTATS_MAPPER_YAML: file, EXTRA_TAGS: 'env:e2e' }));
    await sendTraffic(app);
  });
  after(() => app?.stop());

  it('maps glob and regex matches, drops what a drop rule matches, EXTRA_TAGS become labels', async () => {
    const text = await (await fetch(`${url}/metrics`)).text();
    const samples = parseSamples(text);
    assert.equal(sampleValue(samples, 'rl_hits', { domain: 'obs', descriptor: 'user', env: 'e2e' }), 2);
    assert.equal(sampleValue(samples, 'calls_ShouldRateLimit', { env: 'e2e' }), 6);
    assert.equal(text.includes('dropped'), false);
    assert.equal(text.includes('obs_user_within_limit'), false);
    // unmapped stats keep their statsd name, escaped (the drop glob matches two key levels only)
    assert.equal(sampleValue(samples, 'ratelimit_service_config_load_success', { env: 'e2e' }), 1);
    assert.equal(
      sampleValue(samples, 'ratelimit_service_rate_limit_obs_path_api_user_within_limit', { env: 'e2e' }),
      1,
    );
  });
});

describe('PULLSTATS_MAPPER_YAML errors', () => {
  it('an invalid mapping file stops start-up with the file and the reason', async () => {
    const file = join(scratchDir('mapper'), 'bad.yaml');
    writeFileSync(file, 'mappings:\n  - match: ratelimit.*\n    labels: { a: "$1" }\n');
    await assert.rejects(startPullApp({ PULLSTATS_MAPPER_YAML: file }), {
      name: 'MapperConfigError',
      message: `PULLSTATS_MAPPER_YAML=${file}: mapping 1: (match "ratelimit.*") metric mapping didn't set a metric name`,
    });
  });

  it('a missing file stops start-up too', async () => {
    await assert.rejects(startPullApp({ PULLSTATS_MAPPER_YAML: '/nonexistent/map.yaml' }), {
      message: /^PULLSTATS_MAPPER_YAML=\/nonexistent\/map.yaml: cannot read the file: ENOENT/,
    });
  });
});

describe('PULLSTATS_ADDR in use', () => {
  it('stops start-up with the address and the reason', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      await assert.rejects(startTestApp({ ...PULL_ENV, PULLSTATS_ADDR: `127.0.0.1:${port}` }), {
        message: `PULLSTATS_ADDR=127.0.0.1:${port}: cannot listen: listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
      });
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});
