import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Controller, Injectable, Module, UseGuards, UsePipes, type CanActivate } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { GrpcHandlers } from './grpc-handlers';

@Controller()
class EchoController {
  readonly prefix = 'echo';

  @MessagePattern('Echo')
  echo(@Payload() message: { text: string }, @Ctx() call: { id: number }): string {
    return `${this.prefix} ${message.text} ${call.id}`;
  }

  notAHandler(): string {
    return 'never bound';
  }
}

@Injectable()
class AllowAll implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@Controller()
class GuardedController {
  @MessagePattern('Guarded')
  @UseGuards(AllowAll)
  guarded(): string {
    return 'x';
  }
}

@Controller()
@UsePipes()
class PipedController {
  @MessagePattern('Piped')
  piped(): string {
    return 'x';
  }
}

@Controller()
class SwappedController {
  @MessagePattern('Swapped')
  swapped(@Ctx() call: unknown, @Payload() message: unknown): unknown[] {
    return [call, message];
  }
}

async function handlersOf(...controllers: (new (...args: never[]) => object)[]): Promise<GrpcHandlers> {
  @Module({ imports: [DiscoveryModule], controllers, providers: [GrpcHandlers, AllowAll] })
  class TestModule {}
  const module = await Test.createTestingModule({ imports: [TestModule] }).compile();
  await module.init();
  return module.get(GrpcHandlers);
}

describe(GrpcHandlers.name, () => {
  it('binds each @MessagePattern method to its controller, called with (message, call)', async () => {
    const sut = await handlersOf(EchoController);
    assert.equal(sut.handler('Echo')?.({ text: 'hi' }, { id: 7 }), 'echo hi 7');
    assert.equal(sut.handler('notAHandler'), undefined);
    assert.equal(sut.handler('Unknown'), undefined);
  });

  it('refuses a handler with a Nest enhancer it would skip (guards, pipes)', async () => {
    await assert.rejects(
      handlersOf(GuardedController),
      /GuardedController\.guarded: .*__guards__ \(not supported\)/,
    );
    await assert.rejects(
      handlersOf(PipedController),
      /PipedController\.piped: .*__pipes__ \(not supported\)/,
    );
  });

  it('refuses parameters in another order than @Payload(), @Ctx()', async () => {
    await assert.rejects(
      handlersOf(SwappedController),
      /SwappedController\.swapped: parameter \d: only @Payload\(\) first/,
    );
  });
});
