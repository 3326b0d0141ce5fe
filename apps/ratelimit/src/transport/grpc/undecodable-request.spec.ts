import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MethodDefinition } from '@grpc/grpc-js';
import { InvalidRequestError } from '../../errors';
import { requestFromMessage } from '../proto-mapping';
import { rlsProtos } from '../rls-protos';
import { decodeFailuresAsValues, UndecodableRequest } from './undecodable-request';

const original = rlsProtos().rlsService;
const sut = decodeFailuresAsValues(original, 'ShouldRateLimit');
const method = sut.ShouldRateLimit as MethodDefinition<object, object>;
/** Field 2 (a descriptor, length-delimited) claiming 16 bytes where 1 follows. */
const TRUNCATED = Buffer.from([0x12, 0x10, 0x0a]);

describe(decodeFailuresAsValues.name, () => {
  it('decodes a valid message as before', () => {
    const bytes = method.requestSerialize({
      domain: 'd',
      descriptors: [{ entries: [{ key: 'k', value: 'v' }] }],
    });
    assert.deepEqual(method.requestDeserialize(bytes), original.ShouldRateLimit.requestDeserialize(bytes));
  });

  it('turns bytes protobuf cannot decode into an UndecodableRequest with the reason', () => {
    assert.throws(() => original.ShouldRateLimit.requestDeserialize(TRUNCATED));
    const decoded = method.requestDeserialize(TRUNCATED);
    assert.ok(decoded instanceof UndecodableRequest);
    assert.match(decoded.reason, /index out of range/);
  });

  it('leaves the other methods and the original definition alone', () => {
    assert.notEqual(sut.ShouldRateLimit, original.ShouldRateLimit);
    assert.throws(() => original.ShouldRateLimit.requestDeserialize(TRUNCATED));
  });

  it('requestFromMessage reports it as an invalid request (INVALID_ARGUMENT)', () => {
    assert.throws(
      () => requestFromMessage(new UndecodableRequest('index out of range: 2 + 100 > 4')),
      (error: unknown) =>
        error instanceof InvalidRequestError &&
        error.message ===
          'the message is not a valid envoy.service.ratelimit.v3.RateLimitRequest: index out of range: 2 + 100 > 4',
    );
  });
});
