// Hostile bytes and connections on the wire (docs/failure-behaviour.md#hostile-bytes-on-the-wire):
// a flood of connections at HTTP_MAX_CONNECTIONS must not shut out a health probe, and gRPC bytes
// Go's protobuf rejects (a length running past the message, a truncated varint, a wrong wire type,
// invalid UTF-8) are INVALID_ARGUMENT, never read as something else: a value with invalid UTF-8
// must not count against the counter of its U+FFFD spelling.
import assert from 'node:assert/strict';
import { credentials, makeGenericClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { createRulesDir } from '../../load/rules-dir';
import { httpCall } from '../../load/keep-alive-callers';
import { rlsRequest } from '../../load/rls-client';
import { rlsProtos } from '../../src/transport/rls-protos';
import { longestCall, startLoad } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';
import { floodFromChild, type FloodProcess } from './raw-connections';

const LIMIT = 1000;
const RULES = `
domain: wire
descriptors:
  - key: value
    rate_limit: { unit: hour, requests_per_unit: ${LIMIT} }
`;
const MAX_CONNECTIONS = 100;
const FLOOD_MS = 3000;
const PROBE_EVERY_MS = 50;
const NOT_VALID = 'the message is not a valid envoy.service.ratelimit.v3.RateLimitRequest: ';

/** A length-delimited field: tag, length, bytes. */
const field = (id: number, ...bytes: Buffer[]) => {
  const content = Buffer.concat(bytes);
  return Buffer.concat([Buffer.from([(id << 3) | 2, content.length]), content]);
};
/** RateLimitRequest{domain: "wire", descriptors: [{entries: [{key: "value", value: <bytes>}]}]}. */
const requestWithValue = (value: Buffer) =>
  Buffer.concat([
    field(1, Buffer.from('wire')),
    field(2, field(1, field(1, Buffer.from('value')), field(2, value))),
  ]);

describe('hostile bytes and connections on the wire', () => {
  let service: FaultService;
  const floods: FloodProcess[] = [];

  before(async () => {
    const rules = createRulesDir({ 'wire.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'memory',
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      HTTP_REQUEST_TIMEOUT: '30s',
      GRPC_CONNECTION_TIMEOUT: '30s',
    });
  });
  after(async () => {
    floods.forEach((flood) => flood.kill());
    await service?.stop();
  });

  /**
   * Floods `port` with MAX_CONNECTIONS connections at a time (sending the next of `firsts`, then
   * trickling) from another process, and calls `probe` through it; how many connections the flood
   * opened and what each probe answered.
   */
  async function probeThroughFlood(port: number, firsts: readonly string[], probe: () => Promise<string>) {
    const flood = floodFromChild(port, firsts, MAX_CONNECTIONS);
    floods.push(flood);
    await flood.started;
    const answers = await probeFor(probe);
    return { opened: await flood.stop(), answers };
  }

  /** Calls `probe` every PROBE_EVERY_MS for FLOOD_MS; what each answered. */
  async function probeFor(probe: () => Promise<string>): Promise<string[]> {
    const answers: Promise<string>[] = [];
    const deadline = performance.now() + FLOOD_MS;
    while (performance.now() < deadline) {
      answers.push(
        probe().catch((error: NodeJS.ErrnoException) => `failed (${error.code ?? error.message})`),
      );
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    return Promise.all(answers);
  }

  it(`HTTP: a flood at HTTP_MAX_CONNECTIONS=${MAX_CONNECTIONS} of silent, half-sent and slow requests; every /healthcheck probe on a new connection answers 200`, async (t) => {
    const kinds = [
      '', // silent
      'GET /healthcheck HTTP/1.1\r\nHost: rl\r\n', // headers never finished
      'POST /json HTTP/1.1\r\nHost: rl\r\nContent-Length: 1000\r\n\r\n{"domain":', // a body never finished
    ];
    const { opened, answers } = await probeThroughFlood(service.httpPort, kinds, async () => {
      const answer = await httpCall(`${service.httpUrl}/healthcheck`);
      return `${answer.status} ${answer.text}`;
    });
    const counts = Object.fromEntries(
      [...new Set(answers)].map((a) => [a, answers.filter((b) => b === a).length]),
    );
    reportFigure(t, 'hostile_wire.http_flood', { opened, probes: answers.length, answers: counts });
    assert.deepEqual(counts, { '200 OK': answers.length }, 'every probe answered 200');
    assert.ok(answers.length >= FLOOD_MS / PROBE_EVERY_MS / 4, `${answers.length} probes`);
    assert.ok(opened >= 5 * MAX_CONNECTIONS, `${opened} flood connections opened`);
    assert.ok(service.isAlive());
  });

  it('gRPC (no connection cap; GRPC_CONNECTION_TIMEOUT cuts silent ones): grpc.health.v1 Check on a new connection answers SERVING through a flood', async (t) => {
    const Health = makeGenericClientConstructor(rlsProtos().healthService, 'Health');
    type Check = (
      request: object,
      callback: (error: ServiceError | null, answer?: { status: string }) => void,
    ) => void;
    const probe = async () => {
      const client = new Health(`127.0.0.1:${service.grpcPort}`, credentials.createInsecure()) as Client &
        Record<string, Check>;
      try {
        return await new Promise<string>((resolve) =>
          client.Check({ service: 'ratelimit' }, (error, answer) =>
            resolve(error ? `failed (${error.code})` : String(answer?.status)),
          ),
        );
      } finally {
        client.close();
      }
    };
    const firsts = ['', 'PRI * HTTP/2.0\r\n'];
    const { opened, answers } = await probeThroughFlood(service.grpcPort, firsts, probe);
    reportFigure(t, 'hostile_wire.grpc_flood', { opened, probes: answers.length });
    assert.deepEqual(new Set(answers), new Set(['SERVING']));
  });

  it('gRPC bytes `0a 7f 61`, a truncated varint, a wrong wire type: INVALID_ARGUMENT naming the field', async (t) => {
    const cases: [string, string][] = [
      ['0a7f61', 'domain: length 127 runs past the end of the message (1 byte left)'],
      ['18ff', 'hitsAddend: truncated varint at byte 1'],
      ['0801', 'domain: wire type 0 (varint) where 2 (length-delimited) is expected, at byte 0'],
      ['12050a03', 'descriptors[0]: length 5 runs past the end of the message (2 bytes left)'],
    ];
    const outcomes = [];
    for (const [hex, reason] of cases) {
      const outcome = await service.grpc.callRaw(Buffer.from(hex, 'hex'));
      outcomes.push(outcome);
      assert.deepEqual(outcome, { code: 'INVALID_ARGUMENT', details: NOT_VALID + reason }, hex);
    }
    reportFigure(
      t,
      'hostile_wire.grpc_bytes',
      outcomes.map((outcome) => outcome.details),
    );
  });

  it('4 MiB of two-byte fields (2 million): INVALID_ARGUMENT after 32,768, and other calls go on', async (t) => {
    const twoMillion = (hex: string) => Buffer.from(hex.repeat(2_000_000), 'hex');
    const probes = startLoad(
      { client: service.grpc, inFlight: 1, request: () => rlsRequest('wire', [['unlimited', 'probe']]) },
      t,
    );
    // unknown varints, the domain set again and again (protobuf keeps the last), hits_addend alike
    for (const hex of ['4800', '0a00', '1801']) {
      const outcome = await service.grpc.callRaw(twoMillion(hex), 30_000);
      assert.deepEqual(
        outcome,
        { code: 'INVALID_ARGUMENT', details: `${NOT_VALID}more than 32768 fields` },
        hex,
      );
    }
    const seen = await probes.stop();
    assert.ok(seen.length > 0);
    assert.deepEqual(new Set(seen.map((record) => record.outcome.code)), new Set(['OK']));
    reportFigure(t, 'hostile_wire.field_flood_probe_max_ms', longestCall(seen));
  });

  it('invalid UTF-8 in a value: INVALID_ARGUMENT (gRPC) and 400 (/json); the U+FFFD spelling has a counter of its own', async () => {
    for (const value of [[0x61, 0xff], [0x61, 0xfe], [0xed, 0xa0, 0x80], [0xc3]]) {
      const outcome = await service.grpc.callRaw(requestWithValue(Buffer.from(value)));
      assert.deepEqual(outcome, {
        code: 'INVALID_ARGUMENT',
        details: `${NOT_VALID}descriptors[0].entries[0].value: invalid UTF-8`,
      });
    }
    const invalidKey = Buffer.concat([
      field(1, Buffer.from('wire')),
      field(2, field(1, field(1, Buffer.from([0x76, 0xff])))),
    ]);
    assert.deepEqual(await service.grpc.callRaw(invalidKey), {
      code: 'INVALID_ARGUMENT',
      details: `${NOT_VALID}descriptors[0].entries[0].key: invalid UTF-8`,
    });
    const invalidDomain = field(1, Buffer.from([0x77, 0xff]));
    assert.deepEqual(await service.grpc.callRaw(invalidDomain), {
      code: 'INVALID_ARGUMENT',
      details: `${NOT_VALID}domain: invalid UTF-8`,
    });
    const json = Buffer.concat([
      Buffer.from(JSON.stringify(rlsRequest('wire', [['value', 'a']])).replace('"a"', '"a')),
      Buffer.from([0xff]),
      Buffer.from('"}]}]}'),
    ]);
    const answer = await fetch(`${service.httpUrl}/json`, { method: 'POST', body: json });
    assert.deepEqual(
      [answer.status, await answer.json()],
      [
        400,
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'invalid request body: the body is not valid UTF-8',
        },
      ],
    );
    // Nothing above counted: the U+FFFD spelling starts at LIMIT - 1, and /json shares its counter.
    const replacement = await service.grpc.call(rlsRequest('wire', [['value', 'a\uFFFD']]));
    assert.equal(replacement.code, 'OK');
    assert.equal(replacement.response?.statuses[0]?.limitRemaining, LIMIT - 1);
    const viaJson = await fetch(`${service.httpUrl}/json`, {
      method: 'POST',
      body: JSON.stringify(rlsRequest('wire', [['value', 'a\uFFFD']])),
    });
    assert.equal(
      ((await viaJson.json()) as { statuses: { limitRemaining: number }[] }).statuses[0]?.limitRemaining,
      LIMIT - 2,
    );
    assert.ok(service.isAlive());
  });
});
