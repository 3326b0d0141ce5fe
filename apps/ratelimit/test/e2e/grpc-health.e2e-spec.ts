// grpc.health.v1.Health end to end (docs/tls.md, "gRPC health"): service `ratelimit` mirrors /healthcheck,
// the empty name (the whole server) is always SERVING, other names are NOT_FOUND (Check) or
// SERVICE_UNKNOWN (Watch); Watch streams every change.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, credentials, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { waitFor } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { startTestApp, type TestApp } from '../support/start-app';
import { watchHealth, type WatchedHealth } from '../support/watch-health';

const RULES =
  'domain: health\ndescriptors:\n  - key: user\n    rate_limit: { unit: minute, requests_per_unit: 1 }\n';

const grpcAddress = (app: TestApp) => `127.0.0.1:${app.service.grpcPort}`;

const statusesOf = (watched: WatchedHealth, count: number, description: string) =>
  waitFor(() => watched.statuses.length >= count && [...watched.statuses], {
    timeoutMs: 10_000,
    description,
  });

describe('grpc.health.v1.Health', { timeout: 60_000 }, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp(createRulesDir({ 'health.yaml': RULES }).env);
  });
  after(() => app.stop());

  it('Check answers SERVING for the server ("") and for "ratelimit"', async () => {
    assert.equal(await app.grpc.healthCheck(''), 'SERVING');
    assert.equal(await app.grpc.healthCheck('ratelimit'), 'SERVING');
  });

  it('Check answers NOT_FOUND for any other service name', async () => {
    const error = (await app.grpc.healthCheck('envoy').catch((e: unknown) => e)) as ServiceError;
    assert.equal(GrpcStatus[error.code], 'NOT_FOUND');
    assert.equal(error.details, 'unknown service envoy');
  });

  it('Watch answers SERVICE_UNKNOWN for another service name', async () => {
    const watched = watchHealth(grpcAddress(app), 'envoy');
    try {
      assert.deepEqual(await statusesOf(watched, 1, 'the first Watch message'), ['SERVICE_UNKNOWN']);
    } finally {
      watched.stop();
    }
  });

  it('bytes that are no HealthCheckRequest: INVALID_ARGUMENT naming the problem, on Check and on Watch', async () => {
    const client = new Client(grpcAddress(app), credentials.createInsecure());
    const bytes = Buffer.from([0x0a, 0x02, 0x61, 0xff]); // service: "a" + an invalid UTF-8 byte
    const expected = {
      code: 'INVALID_ARGUMENT',
      details: 'the message is not a valid grpc.health.v1.HealthCheckRequest: service: invalid UTF-8',
    };
    const asOutcome = (error: ServiceError | null) => ({
      code: GrpcStatus[error?.code ?? 0],
      details: error?.details,
    });
    try {
      const check = await new Promise<ServiceError | null>((resolve) =>
        client.makeUnaryRequest(
          '/grpc.health.v1.Health/Check',
          (b: Buffer) => b,
          (b: Buffer) => b,
          bytes,
          (error) => resolve(error),
        ),
      );
      assert.deepEqual(asOutcome(check), expected);
      const watch = client.makeServerStreamRequest(
        '/grpc.health.v1.Health/Watch',
        (b: Buffer) => b,
        (b: Buffer) => b,
        bytes,
      );
      const error = await new Promise<ServiceError>((resolve) => watch.on('error', resolve));
      assert.deepEqual(asOutcome(error), expected);
    } finally {
      client.close();
    }
  });

  it('turns NOT_SERVING for "ratelimit" on shutdown, like /healthcheck; Watch streams the change', async () => {
    const watched = watchHealth(grpcAddress(app), 'ratelimit');
    const watchedServer = watchHealth(grpcAddress(app), '');
    try {
      assert.deepEqual(await statusesOf(watched, 1, 'the first Watch message'), ['SERVING']);
      assert.deepEqual(await statusesOf(watchedServer, 1, 'the first Watch message of ""'), ['SERVING']);
      app.service.health.markShuttingDown();
      assert.deepEqual(await statusesOf(watched, 2, 'the NOT_SERVING message'), ['SERVING', 'NOT_SERVING']);
      assert.equal(await app.grpc.healthCheck('ratelimit'), 'NOT_SERVING');
      assert.equal(await app.grpc.healthCheck(''), 'SERVING');
      assert.equal((await fetch(`${app.httpUrl}/healthcheck`)).status, 500);
      assert.deepEqual(watchedServer.statuses, ['SERVING']);
    } finally {
      watched.stop();
      watchedServer.stop();
    }
  });
});

describe('grpc.health.v1.Health with HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED', { timeout: 60_000 }, () => {
  const rules = createRulesDir();
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      ...rules.env,
      HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: 'true',
      FORCE_START_WITHOUT_INITIAL_CONFIG: 'true',
    });
  });
  after(() => app.stop());

  it('is NOT_SERVING without rules and streams SERVING once a domain loads', async () => {
    assert.equal(await app.grpc.healthCheck('ratelimit'), 'NOT_SERVING');
    const watched = watchHealth(grpcAddress(app), 'ratelimit');
    try {
      assert.deepEqual(await statusesOf(watched, 1, 'the first Watch message'), ['NOT_SERVING']);
      rules.write('health.yaml', RULES);
      assert.deepEqual(await statusesOf(watched, 2, 'the SERVING message'), ['NOT_SERVING', 'SERVING']);
      assert.equal(await app.grpc.healthCheck('ratelimit'), 'SERVING');
    } finally {
      watched.stop();
    }
  });
});
