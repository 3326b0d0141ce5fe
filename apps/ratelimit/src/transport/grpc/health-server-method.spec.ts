import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { MethodDefinition } from '@grpc/proto-loader';
import { rlsProtos } from '../rls-protos';
import { healthServerDefinition } from './health-server-method';

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

  it('bytes that are no HealthCheckRequest throw (grpc-js answers INTERNAL, as before)', () => {
    assert.throws(() => server.Check.requestDeserialize(Buffer.from([0xff])), /index out of range/);
  });
});
