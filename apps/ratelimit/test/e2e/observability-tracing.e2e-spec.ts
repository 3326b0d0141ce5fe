// Tracing end to end: the built service runs as its own process (the OTLP exporter takes its
// destination from OTEL_EXPORTER_OTLP_ENDPOINT, so the environment is the child's), against real
// Redis, exporting to a real OTLP/HTTP receiver. Checks the reference's spans and attributes,
// W3C and B3 parents taken from the gRPC metadata, and the resource attributes.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { credentials, makeGenericClientConstructor, Metadata, type Client } from '@grpc/grpc-js';
import { freePort, scratchDir, startRedis, waitFor, type RedisServer } from '@repo/test-support';
import { rlsProtos } from '../../src/transport/rls-protos';
import { SERVICE_MAIN } from '../../load/e2e-target';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { createRulesDir } from '../../load/rules-dir';

const RULES = `
domain: trace
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 10 }
`;
const W3C_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const W3C_PARENT_ID = '00f067aa0ba902b7';
const B3_TRACE_ID = '80f198ee56343ba864fe8b2a57d3eff7';
const B3_PARENT_ID = 'e457b5a2e4d86bd1';
const SERVER_SPAN = 'envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit';

type UnaryCall = (
  request: object,
  metadata: Metadata,
  callback: (error: Error | null, response: unknown) => void,
) => void;

function shouldRateLimit(client: Client, user: string, metadata: Metadata): Promise<unknown> {
  const request = { domain: 'trace', descriptors: [{ entries: [{ key: 'user', value: user }] }] };
  const method = (client as unknown as Record<string, UnaryCall>).ShouldRateLimit.bind(client);
  return new Promise((resolve, reject) =>
    method(request, metadata, (error, response) => (error ? reject(error) : resolve(response))),
  );
}

describe('OpenTelemetry tracing (TRACING_ENABLED, OTLP over http)', () => {
  let redis: RedisServer;
  let receiver: OtlpReceiver;
  let child: ChildProcess | undefined;
  let jsonBody: string;
  const spans = () => receiver.spans;
  const spansOf = (traceId: string) => spans().filter((span) => span.traceId === traceId);
  const named = (list: ReceivedSpan[], name: string) => {
    const found = list.find((span) => span.name === name);
    assert.ok(found, `span "${name}" among ${list.map((span) => span.name).join(', ')}`);
    return found;
  };

  before(async () => {
    [redis, receiver] = await Promise.all([startRedis(), startOtlpReceiver()]);
    const [httpPort, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
    const rules = createRulesDir({ 'trace.yaml': RULES });
    const log = openSync(join(scratchDir('tracing'), 'ratelimit.log'), 'a');
    child = spawn(process.execPath, [SERVICE_MAIN], {
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        ...rules.env,
        HOST: '127.0.0.1',
        PORT: String(httpPort),
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(grpcPort),
        DEBUG_HOST: '127.0.0.1',
        DEBUG_PORT: String(debugPort),
        BACKEND_TYPE: 'redis',
        KV_URL: redis.url,
        KV_SOCKET_TYPE: 'tcp',
        USE_PUSHSTATS: 'false',
        TRACING_ENABLED: 'true',
        TRACING_SERVICE_NAME: 'rl-e2e',
        TRACING_SERVICE_NAMESPACE: 'tests',
        TRACING_SERVICE_INSTANCE_ID: 'instance-1',
        TRACING_SAMPLING_RATE: '1',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      },
    });
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${httpPort}/healthcheck`)).status === 200, {
      timeoutMs: 20_000,
      description: 'the service to answer /healthcheck',
    });
    const { rlsService } = rlsProtos();
    const Rls = makeGenericClientConstructor(rlsService, 'RateLimitService');
    const client = new Rls(`127.0.0.1:${grpcPort}`, credentials.createInsecure());
    const w3c = new Metadata();
    w3c.set('traceparent', `00-${W3C_TRACE_ID}-${W3C_PARENT_ID}-01`);
    await shouldRateLimit(client, 'alice', w3c);
    const b3 = new Metadata();
    b3.set('b3', `${B3_TRACE_ID}-${B3_PARENT_ID}-1`);
    await shouldRateLimit(client, 'bob', b3);
    client.close();
    const response = await fetch(`http://127.0.0.1:${httpPort}/json`, {
      method: 'POST',
      body: JSON.stringify({
        domain: 'trace',
        descriptors: [{ entries: [{ key: 'user', value: 'carol' }] }],
      }),
    });
    jsonBody = await response.text();
    // SIGTERM: the service shuts down and exports the spans still queued.
    child.kill('SIGTERM');
    await exited;
    child = undefined;
  });
  after(async () => {
    child?.kill('SIGKILL');
    await Promise.all([redis?.stop(), receiver?.close()]);
  });

  it('a gRPC call: server span under the W3C parent, execution and Redis spans under it', () => {
    const trace = spansOf(W3C_TRACE_ID);
    const server = named(trace, SERVER_SPAN);
    assert.equal(server.parentSpanId, W3C_PARENT_ID);
    assert.equal(server.kind, 2);
    assert.deepEqual(server.attributes, {
      'rpc.system': 'grpc',
      'rpc.service': 'envoy.service.ratelimit.v3.RateLimitService',
      'rpc.method': 'ShouldRateLimit',
      'rpc.grpc.status_code': 0,
    });
    const execution = named(trace, 'ShouldRateLimit Execution');
    assert.equal(execution.parentSpanId, server.spanId);
    assert.deepEqual(execution.attributes, {
      domain: 'trace',
      'request string': 'domain:"trace" descriptors:{entries:{key:"user" value:"alice"}}',
    });
    const redisSpan = named(trace, 'Redis Pipeline Execution');
    assert.equal(redisSpan.parentSpanId, server.spanId);
    assert.deepEqual(redisSpan.attributes, { 'pipeline length': 2, 'perSecondPipeline length': 0 });
  });

  it('a B3 parent in the metadata is honoured too', () => {
    const server = named(spansOf(B3_TRACE_ID), SERVER_SPAN);
    assert.equal(server.parentSpanId, B3_PARENT_ID);
  });

  it('/json: root execution span and NewJsonHandler Remaining Execution with the response', () => {
    const execution = spans().find(
      (span) =>
        span.name === 'ShouldRateLimit Execution' &&
        span.attributes.domain === 'trace' &&
        span.parentSpanId === '',
    );
    assert.ok(execution, 'root ShouldRateLimit Execution span of the /json call');
    assert.match(String(execution.attributes['request string']), /value:"carol"/);
    const remaining = named(spans(), 'NewJsonHandler Remaining Execution');
    assert.deepEqual(remaining.attributes, { response: jsonBody });
  });

  it('every span carries the TRACING_SERVICE_* resource attributes', () => {
    assert.ok(spans().length >= 7);
    for (const span of spans()) {
      assert.equal(span.resource['service.name'], 'rl-e2e');
      assert.equal(span.resource['service.namespace'], 'tests');
      assert.equal(span.resource['service.instance.id'], 'instance-1');
    }
  });
});
