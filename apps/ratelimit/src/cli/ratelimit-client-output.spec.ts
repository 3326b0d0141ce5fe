import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { durationToJson, exitCodeFor, responseToJson, structToJson } from './ratelimit-client-output';

describe(responseToJson.name, () => {
  it('prints proto3 JSON: camelCase, enum names, zero values and empty lists omitted, "58s" durations', () => {
    assert.equal(
      responseToJson({
        overallCode: 'OVER_LIMIT',
        statuses: [
          {
            code: 'OVER_LIMIT',
            currentLimit: { requestsPerUnit: 3, unit: 'MINUTE', name: 'per_user' },
            durationUntilReset: { seconds: 58 },
          },
          { code: 'OK' },
        ],
        responseHeadersToAdd: [{ key: 'RateLimit-Limit', value: '3' }],
        requestHeadersToAdd: [],
      }),
      '{"overallCode":"OVER_LIMIT","statuses":[{"code":"OVER_LIMIT","currentLimit":{"requestsPerUnit":3,"unit":"MINUTE","name":"per_user"},"durationUntilReset":"58s"},{"code":"OK"}],"responseHeadersToAdd":[{"key":"RateLimit-Limit","value":"3"}]}',
    );
  });

  it('prints bytes as base64 and dynamic metadata as plain JSON', () => {
    assert.equal(
      responseToJson({
        overallCode: 'OK',
        rawBody: Buffer.from('hi'),
        responseHeadersToAdd: [{ key: 'x', rawValue: Buffer.from([1, 2]) }],
        dynamicMetadata: { fields: { hits: { kind: 'numberValue', numberValue: 2 } } },
      }),
      '{"overallCode":"OK","responseHeadersToAdd":[{"key":"x","rawValue":"AQI="}],"rawBody":"aGk=","dynamicMetadata":{"hits":2}}',
    );
  });
});

describe(durationToJson.name, () => {
  it('uses 0, 3, 6 or 9 fractional digits', () => {
    assert.equal(durationToJson({}), '0s');
    assert.equal(durationToJson({ seconds: 1, nanos: 500_000_000 }), '1.500s');
    assert.equal(durationToJson({ seconds: 0, nanos: 1_000 }), '0.000001s');
    assert.equal(durationToJson({ seconds: 2, nanos: 1 }), '2.000000001s');
    assert.equal(durationToJson({ seconds: 0, nanos: -250_000_000 }), '-0.250s');
  });
});

describe(structToJson.name, () => {
  it('turns every Value kind into JSON', () => {
    assert.deepEqual(
      structToJson({
        fields: {
          s: { kind: 'stringValue', stringValue: 'x' },
          b: { kind: 'boolValue', boolValue: true },
          n: { kind: 'nullValue', nullValue: 'NULL_VALUE' },
          o: { kind: 'structValue', structValue: { fields: { z: { kind: 'numberValue' } } } },
          l: { kind: 'listValue', listValue: { values: [{ kind: 'stringValue', stringValue: 'y' }] } },
        },
      }),
      { s: 'x', b: true, n: null, o: { z: 0 }, l: ['y'] },
    );
  });
});

describe(exitCodeFor.name, () => {
  it('is 0 for OK, 1 for OVER_LIMIT, 2 for an answer without a decision', () => {
    assert.equal(exitCodeFor('OK'), 0);
    assert.equal(exitCodeFor('OVER_LIMIT'), 1);
    assert.equal(exitCodeFor('UNKNOWN'), 2);
    assert.equal(exitCodeFor(undefined), 2);
  });
});
