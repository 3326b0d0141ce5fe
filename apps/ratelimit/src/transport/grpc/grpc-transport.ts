// The gRPC listener, a Nest custom transport (Nest's public API only: a `Server` that implements
// `CustomTransportStrategy`, connected with `app.connectMicroservice({ strategy })` in
// create-app.ts). Nest registers the controllers' @MessagePattern handlers on it; listen() serves
// each gRPC method of the bindings below with the handler of its pattern
// (`getHandlerByPattern`) on a @grpc/grpc-js server. A call is plain async/await: Nest's generic
// gRPC transport wraps every call in an RxJS pipeline, measured at 11-18 % of the CPU per call
// (docs/service.md, "How it is built for speed"); Nest's handler with no guard, pipe or
// interceptor configured is a chain of promises. It is a provider too, so that it drains in
// beforeApplicationShutdown, before Nest closes HTTP (docs/development.md#start-up-and-shutdown);
// Nest's own close() of the microservice then finds it closed.
import cluster from 'node:cluster';
import {
  Server as GrpcServer,
  status as GrpcStatus,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type UntypedHandleCall,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { isObservable, lastValueFrom } from 'rxjs';
import { LOGGER } from '../../core-tokens';
import { SETTINGS, type Settings } from '../../settings/settings';
import { toServiceError } from './grpc-errors';
import { HEALTH_CHECK_PATTERN, HEALTH_WATCH_PATTERN, SHOULD_RATE_LIMIT_PATTERN } from './grpc-patterns';
import { grpcAddress, grpcChannelOptions } from './grpc-server-options';
import { healthServerDefinition } from './health-server-method';
import { limitHandshakeTime } from './limit-handshake-time';
import { removeStaleUnixSocket, unixSocketPath } from './remove-stale-unix-socket';
import { rlsServerDefinition } from './rls-server-method';
import { createServerCredentials } from './server-credentials';

interface GrpcServiceBinding {
  readonly definition: ServiceDefinition;
  /** gRPC method name (e.g. `ShouldRateLimit`) -> message pattern of its handler. */
  readonly methods: Readonly<Record<string, string>>;
}

/** RateLimitService and grpc.health.v1.Health on one server. */
function serviceBindings(): GrpcServiceBinding[] {
  return [
    { definition: rlsServerDefinition(), methods: { ShouldRateLimit: SHOULD_RATE_LIMIT_PATTERN } },
    {
      definition: healthServerDefinition(),
      methods: { Check: HEALTH_CHECK_PATTERN, Watch: HEALTH_WATCH_PATTERN },
    },
  ];
}

@Injectable()
export class GrpcTransport extends Server implements CustomTransportStrategy, BeforeApplicationShutdown {
  private server: GrpcServer | undefined;
  private port = 0;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    // The app's pino logger (Server's own `logger` is Nest's).
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super();
  }

  /** The bound TCP port (the chosen one when GRPC_PORT is 0); 0 on a unix socket or before listen. */
  get boundPort(): number {
    return this.port;
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const server = new GrpcServer(grpcChannelOptions(this.settings.server));
      for (const binding of serviceBindings())
        server.addService(binding.definition, this.implementation(binding));
      const address = grpcAddress(this.settings.server);
      const credentials = await createServerCredentials(this.settings.tls, this.log);
      const socketPath = unixSocketPath(address);
      // With WORKERS > 1 the primary process checked the socket before forking (run-workers.ts);
      // a worker would see its siblings' live socket.
      if (socketPath !== undefined && !cluster.isWorker && (await removeStaleUnixSocket(socketPath))) {
        this.log.warn(`removed the stale unix socket ${socketPath} (its process is gone)`);
      }
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync(address, credentials, (error, bound) => (error ? reject(error) : resolve(bound))),
      );
      // grpc-js reports port 1 for a unix socket.
      this.port = socketPath === undefined ? port : 0;
      this.server = server;
      limitHandshakeTime(server, this.settings.server.grpcConnectionTimeoutMs, this.log);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /**
   * No new calls (GOAWAY); calls in flight finish for up to SHUTDOWN_DRAIN_SECONDS, then the rest
   * are cancelled. Idempotent: Nest calls it again after HTTP has closed.
   */
  async close(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.forceShutdown();
        resolve();
      }, this.settings.shutdown.drainSeconds * 1000);
      server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** As Nest's own gRPC transport: grpc-js servers emit no events to listen to. */
  on(): never {
    throw new Error('the gRPC transport has no events');
  }

  unwrap<T>(): T {
    if (this.server === undefined) throw new Error('the gRPC transport is not listening');
    return this.server as T;
  }

  private implementation(binding: GrpcServiceBinding): Record<string, UntypedHandleCall> {
    const implementation: Record<string, UntypedHandleCall> = {};
    for (const [method, pattern] of Object.entries(binding.methods)) {
      const handler = this.getHandlerByPattern(pattern);
      if (handler === null) throw new Error(`no @MessagePattern handler for the gRPC pattern ${pattern}`);
      const isStreaming = binding.definition[method]?.responseStream === true;
      implementation[method] = isStreaming ? streamingCall(handler) : unaryCall(handler);
    }
    return implementation;
  }
}

/**
 * The handler is called with (message, call), what @Payload() and @Ctx() name. It resolves to the
 * answer; when the controller throws, to an Observable that fails with the error (Nest's exception
 * filter: an RpcException's `{code, message}`). Only that path subscribes.
 */
function unaryCall(handler: MessageHandler) {
  return async (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): Promise<void> => {
    try {
      const result: unknown = await handler(call.request, call);
      callback(null, isObservable(result) ? await lastValueFrom(result) : result);
    } catch (error) {
      callback(toServiceError(error));
    }
  };
}

/** Server-streaming: the handler writes to the call itself and resolves when it has finished. */
function streamingCall(handler: MessageHandler) {
  return async (call: ServerWritableStream<unknown, unknown>): Promise<void> => {
    try {
      const result: unknown = await handler(call.request, call);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
    } catch (error) {
      // grpc-js sends the status of an 'error' event when the stream ends; destroy() would skip
      // the end, and the client would wait for a status for ever.
      const { code = GrpcStatus.INTERNAL, details } = toServiceError(error);
      call.emit('error', Object.assign(new Error(details), { code, details }));
    }
  };
}
