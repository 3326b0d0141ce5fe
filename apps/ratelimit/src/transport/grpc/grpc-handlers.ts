// The controllers' @MessagePattern methods, bound straight to their instances for the gRPC
// transport: a call runs `controller.method(request, call)` and nothing else. Nest's own handler
// for a pattern first runs its per-call pipeline (parameter pipes for @Payload/@Ctx, guards,
// interceptors, exception filters, each an async step with closures), which cost 3.4 KB of garbage
// and several microseconds of CPU per call (docs/benchmarks.md, "The bundle's per-call cost") for
// features this service does not use. A controller that declares one would lose it silently, so
// start-up refuses it instead. Parameters arrive in the order of Nest's gRPC handlers: the
// message, then the call (what @Payload() and @Ctx() name).
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum';

/** A pattern's handler as the transport calls it. */
export type GrpcHandler = (request: unknown, call: unknown) => unknown;

const ENHANCERS = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];
/** Where the call passes what each parameter decorator names. */
const POSITION_OF: Readonly<Record<number, number>> = {
  [RpcParamtype.PAYLOAD]: 0,
  [RpcParamtype.CONTEXT]: 1,
};

interface ParamMetadata {
  readonly index: number;
  readonly pipes?: readonly unknown[];
}

@Injectable()
export class GrpcHandlers implements OnModuleInit {
  private readonly byPattern = new Map<string, GrpcHandler>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const { instance } of this.discovery.getControllers()) {
      if (instance === null || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, GrpcHandler>;
      for (const name of this.scanner.getAllMethodNames(prototype))
        this.bind(instance, prototype[name], name);
    }
  }

  /** The method bound to `pattern`; undefined when no controller declares it. */
  handler(pattern: string): GrpcHandler | undefined {
    return this.byPattern.get(pattern);
  }

  private bind(instance: object, method: GrpcHandler, name: string): void {
    const patterns = Reflect.getMetadata(PATTERN_METADATA, method) as unknown[] | undefined;
    if (patterns === undefined) return;
    const where = `${instance.constructor.name}.${name}`;
    for (const key of ENHANCERS) {
      if (
        Reflect.getMetadata(key, method) !== undefined ||
        Reflect.getMetadata(key, instance.constructor) !== undefined
      )
        throw new Error(`${where}: gRPC handlers are called straight, without Nest's ${key} (not supported)`);
    }
    checkParameters(where, Reflect.getMetadata(ROUTE_ARGS_METADATA, instance.constructor, name));
    for (const pattern of patterns) {
      if (typeof pattern !== 'string') throw new Error(`${where}: gRPC patterns are strings`);
      this.byPattern.set(pattern, (request, call) => method.call(instance, request, call));
    }
  }
}

/** @Payload() first, @Ctx() second, no parameter pipes: what a straight call passes. */
function checkParameters(where: string, params: Readonly<Record<string, ParamMetadata>> | undefined): void {
  for (const [key, { index, pipes }] of Object.entries(params ?? {})) {
    const type = Number(key.split(':')[0]);
    if (POSITION_OF[type] !== index || (pipes?.length ?? 0) > 0)
      throw new Error(`${where}: parameter ${index}: only @Payload() first and @Ctx() second, without pipes`);
  }
}
