// The protos in proto/ must stay wire-compatible with Envoy's: these tests encode through the
// exact serializers grpc-js uses and compare with bytes written by hand from upstream field
// numbers (tag byte = field number << 3 | wire type), then decode them back.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSync, type MethodDefinition, type PackageDefinition } from '@grpc/proto-loader';
import { PROTO_LOADER_OPTIONS, PROTO_ROOT } from '@repo/rules';
import { HEALTH_PROTO_FILE, HEALTH_SERVICE_NAME, RLS_PROTO_FILE, RLS_SERVICE_NAME } from './proto-paths';

type AnyMethod = MethodDefinition<object, object>;

function method(definition: PackageDefinition, service: string, name: string): AnyMethod {
  const serviceDefinition = definition[service] as unknown as Record<string, AnyMethod>;
  return serviceDefinition[name];
}

const hex = (bytes: Buffer): string => bytes.toString('hex');

describe('proto-paths', () => {
  const sut = loadSync([RLS_PROTO_FILE, HEALTH_PROTO_FILE], PROTO_LOADER_OPTIONS);
  const shouldRateLimit = method(sut, RLS_SERVICE_NAME, 'ShouldRateLimit');

  it('points PROTO_ROOT at the folder holding the proto files', () => {
    assert.equal(existsSync(join(PROTO_ROOT, RLS_PROTO_FILE)), true);
    assert.equal(existsSync(join(PROTO_ROOT, HEALTH_PROTO_FILE)), true);
  });

  it('exposes ShouldRateLimit as a unary call on the upstream path', () => {
    assert.equal(shouldRateLimit.path, '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit');
    assert.equal(shouldRateLimit.requestStream, false);
    assert.equal(shouldRateLimit.responseStream, false);
  });

  describe('RateLimitRequest', () => {
    const request = {
      domain: 'd',
      descriptors: [
        {
          entries: [{ key: 'k', value: 'v' }],
          limit: { requestsPerUnit: 5, unit: 'WEEK' },
          hitsAddend: { value: 3 },
        },
        // protobufjs writes a scalar that is present on the object even when it is zero, so an
        // explicit `{ value: 0 }` would add `08 00`; `{}` gives Go's canonical bytes.
        { entries: [{ key: 'a', value: 'b' }], hitsAddend: {} },
      ],
      hitsAddend: 2,
    };
    // domain=1 'd'; descriptors=2 x2 {entries=1 {key=1, value=2}, limit=2 {requests_per_unit=1,
    // unit=2 WEEK(7)}, hits_addend=3 UInt64Value{value=1}}; hits_addend=3 varint 2.
    const expectedBytes =
      '0a0164' +
      '1212' +
      '0a060a016b120176' +
      '120408051007' +
      '1a020803' +
      '120a' +
      '0a060a0161120162' +
      '1a00' +
      '1802';

    it('encodes every field with the upstream field numbers', () => {
      assert.equal(hex(shouldRateLimit.requestSerialize(request)), expectedBytes);
    });

    it('decodes back, keeping the presence of a zero hits_addend wrapper', () => {
      const decoded = shouldRateLimit.requestDeserialize(Buffer.from(expectedBytes, 'hex'));
      assert.deepEqual(decoded, {
        domain: 'd',
        descriptors: [
          {
            entries: [{ key: 'k', value: 'v' }],
            limit: { requestsPerUnit: 5, unit: 'WEEK' },
            hitsAddend: { value: 3 },
          },
          { entries: [{ key: 'a', value: 'b' }], hitsAddend: {} },
        ],
        hitsAddend: 2,
      });
    });

    it('leaves unset fields undefined and repeated fields as empty arrays', () => {
      assert.deepEqual(shouldRateLimit.requestDeserialize(Buffer.from('0a0164', 'hex')), {
        domain: 'd',
        descriptors: [],
      });
    });
  });

  describe('RateLimitResponse', () => {
    const response = {
      overallCode: 'OVER_LIMIT',
      statuses: [
        {
          code: 'OVER_LIMIT',
          currentLimit: { requestsPerUnit: 10, unit: 'WEEK', name: 'n' },
          durationUntilReset: { seconds: 58 },
        },
      ],
      responseHeadersToAdd: [{ key: 'a', value: 'b' }],
      requestHeadersToAdd: [{ key: 'c', value: 'd' }],
      rawBody: Buffer.from('x'),
      dynamicMetadata: { fields: { k: { stringValue: 'v' } } },
      quota: { requests: 1, validUntil: { seconds: 1 }, id: 'q' },
    };
    // overall_code=1; statuses=2 {code=1, current_limit=2 {requests_per_unit=1, unit=2, name=3},
    // duration_until_reset=4}; response_headers_to_add=3; request_headers_to_add=4; raw_body=5;
    // dynamic_metadata=6 Struct; quota=7 {requests=1, valid_until=2, id=3}.
    const expectedBytes =
      '0802' +
      '120f' +
      '0802' +
      '1207080a10071a016e' +
      '2202083a' +
      '1a06' +
      '0a0161120162' +
      '2206' +
      '0a0163120164' +
      '2a0178' +
      '320a' +
      '0a080a016b12031a0176' +
      '3a09' +
      '0801' +
      '12020801' +
      '1a0171';

    it('encodes every field with the upstream field numbers', () => {
      assert.equal(hex(shouldRateLimit.responseSerialize(response)), expectedBytes);
    });

    it('decodes back with enum names and oneof names', () => {
      const decoded = shouldRateLimit.responseDeserialize(Buffer.from(expectedBytes, 'hex'));
      assert.deepEqual(decoded, {
        ...response,
        dynamicMetadata: { fields: { k: { stringValue: 'v', kind: 'stringValue' } } },
        quota: { ...response.quota, expirationSpecifier: 'validUntil' },
      });
    });
  });

  describe('grpc.health.v1.Health', () => {
    it('exposes Check (unary) and Watch (server stream) on the standard paths', () => {
      const check = method(sut, HEALTH_SERVICE_NAME, 'Check');
      const watch = method(sut, HEALTH_SERVICE_NAME, 'Watch');
      assert.equal(check.path, '/grpc.health.v1.Health/Check');
      assert.equal(watch.path, '/grpc.health.v1.Health/Watch');
      assert.equal(watch.responseStream, true);
    });

    it('encodes status=1 and service=1', () => {
      const check = method(sut, HEALTH_SERVICE_NAME, 'Check');
      assert.equal(hex(check.responseSerialize({ status: 'SERVICE_UNKNOWN' })), '0803');
      assert.equal(hex(check.requestSerialize({ service: 's' })), '0a0173');
    });
  });
});
