// GRPC_MAX_CONNECTION_AGE / GRPC_MAX_CONNECTION_AGE_GRACE end to end (docs/tls.md,
// "Connection age"): the server sends GOAWAY to connections older than the age (±10% jitter), clients
// reconnect and their calls keep succeeding; a stream still open when the grace ends is cut.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  connectivityState,
  credentials as grpcCredentials,
  makeGenericClientConstructor,
  status as GrpcStatus,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js';
import { waitFor } from '@repo/test-support';
import { rlsProtos } from '../../src/transport/rls-protos';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';
import { watchHealth } from '../support/watch-health';

const RULES =
  'domain: age\ndescriptors:\n  - key: user\n    rate_limit: { unit: hour, requests_per_unit: 100000 }\n';

type Unary = (request: object, callback: (error: ServiceError | null) => void) => void;

describe('gRPC max connection age', { timeout: 60_000 }, () => {
  let app: TestApp;
  let address: string;
  before(async () => {
    const rules = createRulesDir({ 'age.yaml': RULES });
    app = await startTestApp({
      ...rules.env,
      GRPC_MAX_CONNECTION_AGE: '1s',
      GRPC_MAX_CONNECTION_AGE_GRACE: '500ms',
    });
    address = `127.0.0.1:${app.service.grpcPort}`;
  });
  after(() => app.stop());

  it('recycles a busy client connection while every call succeeds', async (t) => {
    const Rls = makeGenericClientConstructor(rlsProtos().rlsService, 'RateLimitService');
    const client = new Rls(address, grpcCredentials.createInsecure()) as Client & Record<string, Unary>;
    const connections = countReadyTransitions(client);
    const failures: string[] = [];
    let calls = 0;
    const request = rlsRequest('age', [['user', 'carol']]);
    try {
      // One call per poll; the client needs 3 connections (2 recycled) within the deadline.
      await waitFor(
        async () => {
          await new Promise<void>((resolve) =>
            client.ShouldRateLimit(request, (error) => {
              calls++;
              if (error) failures.push(`${GrpcStatus[error.code]}: ${error.details}`);
              resolve();
            }),
          );
          return connections.count >= 3;
        },
        { timeoutMs: 20_000, intervalMs: 20, description: 'the client to connect 3 times' },
      );
    } finally {
      connections.stop();
      client.close();
    }
    t.diagnostic(`${calls} calls over ${connections.count} connections`);
    assert.deepEqual(failures, []);
  });

  it('cuts a stream that is still open when the grace period ends', async () => {
    const watched = watchHealth(address, 'ratelimit');
    try {
      const error = await new Promise<ServiceError>((resolve) => watched.stream.once('error', resolve));
      assert.deepEqual(watched.statuses, ['SERVING']);
      assert.equal(GrpcStatus[error.code], 'UNAVAILABLE');
    } finally {
      watched.stop();
    }
  });
});

/** Counts how often the client's channel becomes READY (each time = a new connection). */
function countReadyTransitions(client: Client): { readonly count: number; stop(): void } {
  const channel = client.getChannel();
  let count = 0;
  let isStopped = false;
  const watch = (state: connectivityState) => {
    if (isStopped) return;
    channel.watchConnectivityState(state, Infinity, () => {
      const next = channel.getConnectivityState(false);
      if (next === connectivityState.READY) count++;
      watch(next);
    });
  };
  watch(channel.getConnectivityState(true));
  return {
    get count() {
      return count;
    },
    stop: () => {
      isStopped = true;
    },
  };
}
