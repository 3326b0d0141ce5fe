// Hostile input on both listeners: property-based fuzzing (fast-check, fixed seed printed below,
// bounded runs) of /json bodies and gRPC messages, plus the size limits (MAX_REQUEST_BYTES on
// /json -> 413, GRPC_MAX_RECV_MESSAGE_BYTES on gRPC -> RESOURCE_EXHAUSTED). The service must never
// crash and always answer a decision or a clear client error with a message.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { longestCall, startLoad } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import type { Outcome } from '../../load/fault-client';
import { grpcInputs, jsonBodies } from './hostile-arbitraries';

const RULES = `
domain: hostile
descriptors:
  - key: client
    rate_limit: { unit: minute, requests_per_unit: 1000000 }
  - key: metered
    detailed_metric: true
    rate_limit: { unit: minute, requests_per_unit: 1000000 }
`;
const SEED = 20261124;
const JSON_RUNS = 300;
const GRPC_RUNS = 600;
const MiB = 1024 * 1024;
/** The default of MAX_REQUEST_BYTES (the service runs with it). */
const MAX_REQUEST_BYTES = MiB;

interface HttpAnswer {
  /** 'closed' when the connection was closed before the client could read an answer. */
  readonly status: number | 'closed';
  readonly message: unknown;
  readonly bodyBytes: number;
}

async function postJson(service: FaultService, body: string): Promise<HttpAnswer> {
  const bodyBytes = Buffer.byteLength(body);
  let response: Response;
  try {
    response = await fetch(`${service.httpUrl}/json`, { method: 'POST', body });
  } catch {
    // Beyond MAX_REQUEST_BYTES the service answers 413 and closes the connection at once; a
    // client still writing its body may see the close (EPIPE) before the answer.
    return { status: 'closed', message: undefined, bodyBytes };
  }
  const text = await response.text();
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  return { status: response.status, message, bodyBytes };
}

/**
 * Declares a body of `bodyBytes` and reads the answer before sending any of it, as a client that
 * asks `Expect: 100-continue` would: the service judges the size by Content-Length, so the 413
 * arrives before the body. (Sending the body at once races the 413's close: the client may see
 * EPIPE before it reads the answer.)
 */
function postDeclaredSize(service: FaultService, bodyBytes: number): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(`${service.httpUrl}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': bodyBytes },
    });
    call.on('error', reject);
    call.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        call.destroy();
        const { message } = JSON.parse(text) as { message?: unknown };
        resolve({ status: response.statusCode ?? 0, message, bodyBytes });
      });
    });
    call.flushHeaders();
  });
}

/** A decision, or a client error with a message; never a server error. */
function assertClearHttpAnswer(answer: HttpAnswer): void {
  if (answer.bodyBytes > MAX_REQUEST_BYTES) {
    assert.ok([413, 'closed'].includes(answer.status), `HTTP ${answer.status} for ${answer.bodyBytes} bytes`);
  } else {
    assert.ok([200, 429, 400].includes(answer.status as number), `HTTP ${answer.status}`);
  }
  if (answer.status !== 'closed' && answer.status >= 400) {
    assert.ok(typeof answer.message === 'string' && answer.message !== '', 'a message');
  }
}

/** fc.assert, with the counterexample shortened: hostile inputs can be megabytes long. */
async function assertProperty<T>(property: fc.IAsyncProperty<T>, runs: number): Promise<void> {
  const details = await fc.check(property, { seed: SEED, numRuns: runs });
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample) ?? '';
  const shown = example.length > 400 ? `${example.slice(0, 400)}... (${example.length} characters)` : example;
  assert.fail(
    `property failed (seed ${SEED}, path ${details.counterexamplePath}): ${String(details.errorInstance)}\ncounterexample: ${shown}`,
  );
}

function assertClearGrpcAnswer(outcome: Outcome): void {
  assert.ok(
    ['OK', 'OVER_LIMIT', 'INVALID_ARGUMENT'].includes(outcome.code),
    `${outcome.code}: ${outcome.details}`,
  );
  if (outcome.code === 'INVALID_ARGUMENT') assert.ok((outcome.details ?? '') !== '', 'a message');
}

describe('hostile input', () => {
  let service: FaultService;

  before(async () => {
    const rules = createRulesDir({ 'hostile.yaml': RULES });
    service = await startFaultService({ ...rules.env, BACKEND_TYPE: 'memory' });
  });
  after(async () => {
    await service?.stop();
  });

  it(`/json: ${JSON_RUNS} fuzzed bodies answer 200/429 or a 4xx with a message`, async (t) => {
    t.diagnostic(`fast-check seed ${SEED}, ${JSON_RUNS} runs`);
    const statuses: Record<string, number> = {};
    await assertProperty(
      fc.asyncProperty(jsonBodies, async (body) => {
        const answer = await postJson(service, body);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        assertClearHttpAnswer(answer);
      }),
      JSON_RUNS,
    );
    reportFigure(t, 'hostile.json_statuses', statuses);
    assert.ok(service.isAlive());
  });

  it(`gRPC: ${GRPC_RUNS} fuzzed messages answer a decision or INVALID_ARGUMENT with a message`, async (t) => {
    t.diagnostic(`fast-check seed ${SEED}, ${GRPC_RUNS} runs`);
    const codes: Record<string, number> = {};
    await assertProperty(
      fc.asyncProperty(grpcInputs, async (input) => {
        const outcome =
          'raw' in input ? await service.grpc.callRaw(input.raw) : await service.grpc.call(input.message);
        codes[outcome.code] = (codes[outcome.code] ?? 0) + 1;
        assertClearGrpcAnswer(outcome);
      }),
      GRPC_RUNS,
    );
    reportFigure(t, 'hostile.grpc_codes', codes);
    assert.ok(service.isAlive());
  });

  it('gRPC: 100000 nested unknown groups are INVALID_ARGUMENT, not a crash', async () => {
    // 0x7b: start of a group of field 15, which RateLimitRequest does not have.
    const outcome = await service.grpc.callRaw(Buffer.alloc(100_000, 0x7b));
    assert.equal(outcome.code, 'INVALID_ARGUMENT');
    assert.match(
      outcome.details ?? '',
      /^the message is not a valid envoy\.service\.ratelimit\.v3\.RateLimitRequest: /,
    );
  });

  it('size limits: a 2 MB /json body is 413, a 5 MB gRPC message is RESOURCE_EXHAUSTED', async (t) => {
    const http = await postDeclaredSize(service, 2 * MiB);
    assert.equal(http.status, 413);
    assert.equal(http.message, 'Request body is too large');
    const grpc = await service.grpc.call(rlsRequest('hostile', [['client', 'v'.repeat(5 * MiB)]]));
    assert.equal(grpc.code, 'RESOURCE_EXHAUSTED');
    assert.match(grpc.details ?? '', /^Received message larger than max \(\d+ vs 4194304\)$/);
    reportFigure(t, 'hostile.size_limits', { http: http.status, grpc: `${grpc.code}: ${grpc.details}` });
  });

  it('a /json body nested half a million deep: 400 before it is parsed', async () => {
    const depth = 500_000;
    const answer = await postJson(service, `{"domain":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    assert.equal(answer.status, 400);
    assert.equal(answer.message, 'invalid request body: the body is nested deeper than 32 levels');
    assert.equal(await service.health(), 200);
  });

  it('more than 1,000 descriptors are refused before decoding; 1,000 are answered; others keep being answered', async (t) => {
    const descriptors = Array.from(
      { length: 50_000 },
      (_, i) => [['metered', `m${i}`]] as [string, string][],
    );
    const probes = startLoad(
      { client: service.grpc, inFlight: 1, request: () => rlsRequest('hostile', [['client', 'probe']]) },
      t,
    );
    const started = performance.now();
    const refused = await service.grpc.call(rlsRequest('hostile', ...descriptors), 30_000);
    const refusedMs = performance.now() - started;
    assert.equal(refused.code, 'INVALID_ARGUMENT');
    assert.equal(refused.details, 'rate limit request has more than 1000 descriptors');
    const json = await postJson(
      service,
      JSON.stringify(rlsRequest('hostile', ...descriptors.slice(0, 10_000))),
    );
    assert.equal(json.status, 400);
    assert.equal(json.message, 'rate limit request has more than 1000 descriptors');
    const atBound = await service.grpc.call(rlsRequest('hostile', ...descriptors.slice(0, 1000)), 30_000);
    assert.equal(atBound.code, 'OK');
    assert.equal(atBound.response?.statuses.length, 1000);
    const seen = await probes.stop();
    assert.ok(seen.length > 0);
    assert.deepEqual(new Set(seen.map((record) => record.outcome.code)), new Set(['OK']));
    reportFigure(t, 'hostile.grpc_50000_descriptors_refused_ms', refusedMs);
    // includes this process encoding the 50,000 descriptors: the service's own share is in docs/security.md
    reportFigure(t, 'hostile.descriptors_probe_max_ms', longestCall(seen));
    assert.ok(service.isAlive());
    assert.equal(await service.health(), 200);
  });
});
