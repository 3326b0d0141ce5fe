import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MethodDefinition } from '@grpc/proto-loader';
import { rlsProtos } from '../rls-protos';
import { healthServerDefinition } from './health-server-method';
import type { UndecodableRequest } from './undecodable-request';

type Method = MethodDefinition<object, object>;
const server = healthServerDefinition() as unknown as Record<'Check' | 'Watch', Method>;
const client = rlsProtos().healthService as unknown as Record<'Check' | 'Watch', Method>;

describe(healthServerDefinition.name, () => {
  it("serves health.proto's Check (unary) and Watch (server streaming) at their paths", () => {
    for (const name of ['Check', 'Watch'] as const) {
      const { path, requestStream, responseStream, originalName } = server[name];
      const expected = client[name];
      assert.deepEqual(
        { path, requestStream, responseStream, originalName },
        {
          path: expected.path,
          requestStream: expected.requestStream,
          responseStream: expected.responseStream,
          originalName: expected.originalName,
        },
      );
    }
    assert.equal(server.Check.path, '/grpc.health.v1.Health/Check');
    assert.equal(server.Watch.responseStream, true);
  });

  it('the handler reads the service a client asked for, and "" when it sent none', () => {
    const asked = server.Check.requestDeserialize(client.Check.requestSerialize({ service: 'other' }));
    assert.equal((asked as { service: string }).service, 'other');
    const whole = server.Check.requestDeserialize(client.Check.requestSerialize({}));
    assert.equal((whole as { service: string }).service, '');
  });

  it('an answer with the status name is the enum number on the wire (SERVING = 1, SERVICE_UNKNOWN = 3)', () => {
    const bytes = (status: string) => [...server.Watch.responseSerialize({ status })];
    assert.deepEqual(bytes('SERVING'), [0x08, 1]);
    assert.deepEqual(bytes('NOT_SERVING'), [0x08, 2]);
    assert.deepEqual(bytes('SERVICE_UNKNOWN'), [0x08, 3]);
    const decoded = client.Check.responseDeserialize(server.Check.responseSerialize({ status: 'SERVING' }));
    assert.deepEqual(decoded, { status: 'SERVING' });
  });

  it('bytes that are no HealthCheckRequest reach the handler as an UndecodableRequest (INVALID_ARGUMENT)', () => {
    const reasonOf = (bytes: number[]) =>
      (server.Check.requestDeserialize(Buffer.from(bytes)) as UndecodableRequest).reason;
    assert.equal(reasonOf([0xff]), 'truncated varint at byte 0');
    assert.equal(
      reasonOf([0x0a, 0x7f, 0x61]),
      'service: length 127 runs past the end of the message (1 byte left)',
    );
    assert.equal(reasonOf([0x0a, 0x01, 0xff]), 'service: invalid UTF-8');
  });
});
