import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MethodDefinition } from '@grpc/proto-loader';
import { testRule } from '../../test/support/rule-fixtures';
import { InvalidRequestError } from '../errors';
import type { RateLimitDecision } from '../rate-limit-types';
import { validateRequest } from '../ratelimit/validate-request';
import type { Unit } from '@repo/rules';
import { rlsMessageTypes, rlsServerDefinition } from './grpc/rls-server-method';
import { decisionToMessage, requestFromMessage, RESPONSE_CODES } from './proto-mapping';
import { unitToWire } from './proto-units';
import { rlsProtos } from './rls-protos';

/** The client's side (proto-loader) and the server's (protobufjs straight). */
const client = rlsProtos().rlsService.ShouldRateLimit as unknown as MethodDefinition<object, object>;
const server = rlsServerDefinition().ShouldRateLimit as unknown as MethodDefinition<object, object>;
/** What the gRPC server hands the controller for `message` sent by a client. */
const overTheWire = (message: object) => server.requestDeserialize(client.requestSerialize(message));

describe(requestFromMessage.name, () => {
  it('unset fields: empty domain, no descriptors, hits_addend 0', () => {
    assert.deepEqual(requestFromMessage({}), { domain: '', descriptors: [], hitsAddend: 0 });
  });

  it('entries with unset key or value become empty strings; a plain descriptor has only entries', () => {
    const request = requestFromMessage({
      domain: 'd',
      descriptors: [{ entries: [{ key: 'k' }, { value: 'v' }] }, {}],
    });
    assert.deepEqual(request.descriptors, [
      {
        entries: [
          { key: 'k', value: '' },
          { key: '', value: 'v' },
        ],
      },
      { entries: [] },
    ]);
  });

  it('hits_addend wrapper: unset -> undefined, {} -> 0 (honoured), {value: 5} -> 5', () => {
    const request = requestFromMessage(
      overTheWire({
        domain: 'd',
        descriptors: [{}, { hitsAddend: {} }, { hitsAddend: { value: 5 } }],
        hitsAddend: 3,
      }),
    );
    assert.deepEqual(
      request.descriptors.map((d) => d.hitsAddend),
      [undefined, 0, 5],
    );
    assert.equal(request.hitsAddend, 3);
  });

  it('a hits_addend wrapper up to 4294967295 is read as it is; above, INVALID_ARGUMENT with its exact value', () => {
    const read = (value: number | string) =>
      requestFromMessage(overTheWire({ domain: 'd', descriptors: [{}, { hitsAddend: { value } }] }));
    assert.equal(read(4294967295).descriptors[1].hitsAddend, 4294967295);
    for (const value of [4294967296, Number.MAX_SAFE_INTEGER, '18446744073709551615']) {
      const message = `descriptor 1: hits_addend must be an integer from 0 to 4294967295, got ${value}`;
      assert.throws(() => read(value), { name: 'InvalidRequestError', message });
    }
  });

  it('as decoded by the server: unset fields read as empty, a descriptor without limit has only entries', () => {
    assert.deepEqual(requestFromMessage(overTheWire({})), { domain: '', descriptors: [], hitsAddend: 0 });
    assert.deepEqual(
      requestFromMessage(overTheWire({ domain: 'd', descriptors: [{ entries: [{ key: 'k' }] }] })),
      {
        domain: 'd',
        descriptors: [{ entries: [{ key: 'k', value: '' }] }],
        hitsAddend: 0,
      },
    );
  });

  it('override units by name and by number', () => {
    const units = ['SECOND', 'MINUTE', 'HOUR', 'DAY', 'MONTH', 'YEAR'];
    const byName = requestFromMessage({
      descriptors: units.map((unit) => ({ limit: { requestsPerUnit: 1, unit } })),
    });
    const byNumber = requestFromMessage({
      descriptors: [1, 2, 3, 4, 5, 6].map((unit) => ({ limit: { requestsPerUnit: 1, unit } })),
    });
    assert.deepEqual(
      byName.descriptors.map((d) => d.limit?.unit),
      units,
    );
    assert.deepEqual(
      byNumber.descriptors.map((d) => d.limit?.unit),
      units,
    );
    assert.deepEqual(byName.descriptors[0].limit, { requestsPerUnit: 1, unit: 'SECOND' });
  });

  it('UNKNOWN, unset and unknown numbers are not override units: rejected with INVALID_ARGUMENT', () => {
    const units = ['FORTNIGHT', 8, 'UNKNOWN', 0, undefined, 99];
    const request = requestFromMessage({
      domain: 'd',
      descriptors: units.map((unit) => ({
        limit: unit === undefined ? { requestsPerUnit: 1 } : { requestsPerUnit: 1, unit },
      })),
    });
    assert.deepEqual(
      request.descriptors.map((d) => d.limit?.unit),
      Array(6).fill('UNKNOWN'),
    );
    assert.throws(() => validateRequest(request), InvalidRequestError);
  });

  it('an override without requests_per_unit means 0; WEEK (7, appended by Envoy) is an override unit', () => {
    const request = requestFromMessage(
      overTheWire({ domain: 'd', descriptors: [{ limit: { unit: 'WEEK' } }] }),
    );
    assert.deepEqual(request.descriptors[0].limit, { requestsPerUnit: 0, unit: 'WEEK' });
    assert.equal(
      requestFromMessage({ descriptors: [{ limit: { unit: 7 } }] }).descriptors[0].limit?.unit,
      'WEEK',
    );
  });
});

describe(decisionToMessage.name, () => {
  const decision = (statuses: RateLimitDecision['statuses'], extra: Partial<RateLimitDecision> = {}) =>
    decisionToMessage({ overallCode: 'OK', statuses, responseHeadersToAdd: [], ...extra });
  const { OK, OVER_LIMIT } = RESPONSE_CODES;
  /** RateLimitResponse.RateLimit.Unit.MINUTE */
  const MINUTE = 2;

  it('zero values are omitted: a status without limit is {code} only', () => {
    assert.deepEqual(decision([{ code: 'OK', limitRemaining: 0 }]), {
      overallCode: OK,
      statuses: [{ code: OK }],
      responseHeadersToAdd: [],
    });
  });

  it('a status with a limit: current_limit {requests_per_unit, unit, name}, limit_remaining, duration_until_reset', () => {
    const message = decision([
      {
        code: 'OK',
        currentLimit: testRule({ requestsPerUnit: 10, name: 'per_user' }),
        limitRemaining: 7,
        durationUntilResetSeconds: 58,
      },
      {
        code: 'OVER_LIMIT',
        currentLimit: testRule({ requestsPerUnit: 0 }),
        limitRemaining: 0,
        durationUntilResetSeconds: 1,
      },
    ]);
    assert.deepEqual(message.statuses, [
      {
        code: OK,
        currentLimit: { unit: MINUTE, requestsPerUnit: 10, name: 'per_user' },
        limitRemaining: 7,
        durationUntilReset: { seconds: 58 },
      },
      { code: OVER_LIMIT, currentLimit: { unit: MINUTE }, durationUntilReset: { seconds: 1 } },
    ]);
  });

  it('unlimited: limit_remaining 4294967295; headers passed through; metadata as a Struct', () => {
    const message = decision([{ code: 'OK', limitRemaining: 4294967295 }], {
      overallCode: 'OVER_LIMIT',
      responseHeadersToAdd: [{ key: 'RateLimit-Limit', value: '10' }],
      dynamicMetadata: { domain: 'rl' },
    });
    assert.deepEqual(message, {
      overallCode: OVER_LIMIT,
      statuses: [{ code: OK, limitRemaining: 4294967295 }],
      responseHeadersToAdd: [{ key: 'RateLimit-Limit', value: '10' }],
      dynamicMetadata: { fields: { domain: { stringValue: 'rl' } } },
    });
  });

  it('encodes to Go-canonical bytes: no field for a zero limit_remaining', () => {
    const message = decision([
      {
        code: 'OK',
        currentLimit: testRule({ requestsPerUnit: 3 }),
        limitRemaining: 0,
        durationUntilResetSeconds: 58,
      },
    ]);
    // overall_code=1 OK; statuses=2 {code=1 OK, current_limit=2 {rpu=1 3, unit=2 MINUTE}, duration=4 {seconds=1 58}}
    assert.equal(server.responseSerialize(message).toString('hex'), '0801120c08011204080310022202083a');
  });

  it('a client decodes the encoded answer to the decision it was made from', () => {
    const message = decision(
      [
        {
          code: 'OVER_LIMIT',
          currentLimit: testRule({ requestsPerUnit: 3, unit: 'WEEK', name: 'weekly' }),
          limitRemaining: 0,
          durationUntilResetSeconds: 3600,
        },
        { code: 'OK', limitRemaining: 4294967295 },
      ],
      {
        overallCode: 'OVER_LIMIT',
        responseHeadersToAdd: [{ key: 'RateLimit-Limit', value: '3' }],
        dynamicMetadata: { domain: 'rl', hits: 2, none: null, list: [true, 'x'] },
      },
    );
    assert.deepEqual(client.responseDeserialize(server.responseSerialize(message)), {
      overallCode: 'OVER_LIMIT',
      statuses: [
        {
          code: 'OVER_LIMIT',
          currentLimit: { requestsPerUnit: 3, unit: 'WEEK', name: 'weekly' },
          durationUntilReset: { seconds: 3600 },
        },
        { code: 'OK', limitRemaining: 4294967295 },
      ],
      responseHeadersToAdd: [{ key: 'RateLimit-Limit', value: '3' }],
      requestHeadersToAdd: [],
      dynamicMetadata: {
        fields: {
          domain: { stringValue: 'rl', kind: 'stringValue' },
          hits: { numberValue: 2, kind: 'numberValue' },
          none: { nullValue: 'NULL_VALUE', kind: 'nullValue' },
          list: {
            listValue: {
              values: [
                { boolValue: true, kind: 'boolValue' },
                { stringValue: 'x', kind: 'stringValue' },
              ],
            },
            kind: 'listValue',
          },
        },
      },
    });
  });

  it("the enum numbers are rls.proto's", () => {
    const { response } = rlsMessageTypes();
    assert.deepEqual(response.lookupEnum('Code').values, RESPONSE_CODES);
    const units = response.lookupEnum('RateLimit.Unit').values;
    for (const [name, number] of Object.entries(units)) assert.equal(unitToWire(name as Unit), number, name);
  });
});
