import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { status as GrpcStatus, type ServerUnaryCall } from '@grpc/grpc-js';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { pino } from 'pino';
import { createRlsClient, type RlsClient } from '../../../load/rls-client';
import { parseSettings } from '../../settings/settings';
import { HEALTH_CHECK_PATTERN, HEALTH_WATCH_PATTERN, SHOULD_RATE_LIMIT_PATTERN } from './grpc-patterns';
import { GrpcTransport } from './grpc-transport';

const OK = 1;

@Controller()
class EchoRls {
  @MessagePattern(SHOULD_RATE_LIMIT_PATTERN)
  answer(@Payload() message: { domain: string }, @Ctx() call: ServerUnaryCall<unknown, unknown>): object {
    if (message.domain === 'refused') {
      throw new RpcException({ code: GrpcStatus.INVALID_ARGUMENT, message: 'refused domain' });
    }
    if (message.domain === 'bug') throw new Error('a bug');
    return {
      overallCode: OK,
      responseHeadersToAdd: [
        { key: 'domain', value: message.domain },
        { key: 'path', value: call.getPath() },
      ],
    };
  }
}

@Controller()
class ServingHealth {
  @MessagePattern(HEALTH_CHECK_PATTERN)
  check(): object {
    return { status: 'SERVING' };
  }

  @MessagePattern(HEALTH_WATCH_PATTERN)
  watch(): void {}
}

const dir = mkdtempSync(join(tmpdir(), 'grpc-transport-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Served {
  readonly sut: GrpcTransport;
  readonly app: INestMicroservice;
  readonly client: RlsClient;
}

/** The transport as a Nest microservice of `controllers`, on a unix socket (no network). */
async function serve(name: string, ...controllers: (new () => object)[]): Promise<Served> {
  const socket = join(dir, `${name}.sock`);
  const sut = new GrpcTransport(parseSettings({ GRPC_UDS: socket }), pino({ level: 'silent' }));
  @Module({ controllers })
  class TestModule {}
  const app = await NestFactory.createMicroservice(TestModule, { strategy: sut, logger: false });
  await app.listen();
  return { sut, app, client: createRlsClient(`unix:${socket}`) };
}

async function stop({ app, client }: Served): Promise<void> {
  client.close();
  await app.close();
}

describe(GrpcTransport.name, () => {
  it("serves each gRPC method with its pattern's handler, called with the message and the call", async () => {
    const served = await serve('echo', EchoRls, ServingHealth);
    try {
      const answer = await served.client.shouldRateLimit({ domain: 'edge' });
      assert.equal(answer.overallCode, 'OK');
      assert.deepEqual(answer.responseHeadersToAdd, [
        { key: 'domain', value: 'edge' },
        { key: 'path', value: '/envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit' },
      ]);
      assert.equal(await served.client.healthCheck(''), 'SERVING');
      assert.equal(served.sut.boundPort, 0);
    } finally {
      await stop(served);
    }
  });

  it("answers an RpcException with its status and anything else with INTERNAL (Nest's exception filter)", async () => {
    const served = await serve('errors', EchoRls, ServingHealth);
    try {
      const refused = await served.client.shouldRateLimitError({ domain: 'refused' });
      assert.deepEqual([refused.code, refused.details], [GrpcStatus.INVALID_ARGUMENT, 'refused domain']);
      const bug = await served.client.shouldRateLimitError({ domain: 'bug' });
      assert.deepEqual(
        [bug.code, bug.details],
        [GrpcStatus.INTERNAL, 'internal error: Internal server error'],
      );
    } finally {
      await stop(served);
    }
  });

  it('refuses to listen when a gRPC method has no @MessagePattern handler', async () => {
    const socket = join(dir, 'missing.sock');
    const sut = new GrpcTransport(parseSettings({ GRPC_UDS: socket }), pino({ level: 'silent' }));
    @Module({ controllers: [EchoRls] })
    class RlsOnly {}
    const app = await NestFactory.createMicroservice(RlsOnly, { strategy: sut, logger: false });
    try {
      await assert.rejects(app.listen(), {
        message: `no @MessagePattern handler for the gRPC pattern ${HEALTH_CHECK_PATTERN}`,
      });
    } finally {
      await app.close();
    }
  });

  it('has no events, unwraps to the grpc-js server only while listening, and closes once', async () => {
    const served = await serve('unwrap', EchoRls, ServingHealth);
    const { sut } = served;
    assert.throws(() => sut.on(), { message: 'the gRPC transport has no events' });
    assert.equal(typeof sut.unwrap<{ tryShutdown: unknown }>().tryShutdown, 'function');
    await sut.close();
    await sut.close();
    assert.throws(() => sut.unwrap(), { message: 'the gRPC transport is not listening' });
    await stop(served);
  });
});
