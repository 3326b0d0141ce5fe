import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MethodDefinition } from '@grpc/grpc-js';
import { InvalidRequestError } from '../../errors';
import { requestFromMessage } from '../proto-mapping';
import { rlsProtos } from '../rls-protos';
import { rlsServerDefinition } from './rls-server-method';
import { RefusedRequest, UndecodableRequest } from './undecodable-request';

const client = rlsProtos().rlsService.ShouldRateLimit as MethodDefinition<object, object>;
const server = rlsServerDefinition().ShouldRateLimit as MethodDefinition<object, object>;
/** Field 2 (a descriptor, length-delimited) claiming 16 bytes where 1 follows. */
const TRUNCATED = Buffer.from([0x12, 0x10, 0x0a]);

describe('the server decoding ShouldRateLimit requests', () => {
  it('decodes a valid message to the request the client sent', () => {
    const bytes = client.requestSerialize({
      domain: 'd',
      descriptors: [{ entries: [{ key: 'k', value: 'v' }] }],
    });
    assert.deepEqual(requestFromMessage(server.requestDeserialize(bytes)), {
      domain: 'd',
      descriptors: [{ entries: [{ key: 'k', value: 'v' }] }],
      hitsAddend: 0,
    });
  });

  it('turns bytes protobuf cannot decode into an UndecodableRequest with the reason', () => {
    assert.throws(() => client.requestDeserialize(TRUNCATED));
    const decoded = server.requestDeserialize(TRUNCATED);
    assert.ok(decoded instanceof UndecodableRequest);
    assert.equal(decoded.reason, 'descriptors[0]: length 16 runs past the end of the message (1 byte left)');
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

  it('refuses a request of 1,001 descriptors, or 4,097 entries in all, before decoding it', () => {
    const descriptors = (count: number, entries: number) =>
      Array.from({ length: count }, (_, i) => ({
        entries: Array.from({ length: entries }, (_, j) => ({ key: `k${j}`, value: `v${i}` })),
      }));
    const refusal = (request: object) => {
      const decoded = server.requestDeserialize(client.requestSerialize(request));
      assert.ok(decoded instanceof RefusedRequest);
      return decoded.reason;
    };
    assert.equal(
      refusal({ domain: 'd', descriptors: descriptors(1001, 1) }),
      'rate limit request has more than 1000 descriptors',
    );
    // entries are counted over every descriptor: 2 x 2,049
    assert.equal(
      refusal({ domain: 'd', descriptors: descriptors(2, 2049) }),
      'rate limit request has more than 4096 descriptor entries',
    );
    const atBounds = [...descriptors(1, 3096), ...descriptors(999, 1)];
    const decoded = server.requestDeserialize(
      client.requestSerialize({ domain: 'd', descriptors: atBounds }),
    );
    assert.equal(requestFromMessage(decoded).descriptors.length, 1000);
  });

  it('requestFromMessage reports a refusal as an invalid request with its reason alone', () => {
    assert.throws(
      () => requestFromMessage(new RefusedRequest('rate limit request has more than 1000 descriptors')),
      (error: unknown) =>
        error instanceof InvalidRequestError &&
        error.message === 'rate limit request has more than 1000 descriptors',
    );
  });
});
