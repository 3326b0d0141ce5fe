// A Nest CustomTransportStrategy (started and drained by GrpcListener in the app's lifecycle) that
// serves gRPC with @grpc/grpc-js and calls the controllers' @MessagePattern methods straight, with
// plain async/await (grpc-handlers.ts; docs/service.md, "How it is built for speed"): Nest's
// generic gRPC transport wraps every call in an RxJS pipeline, measured at 11-18% of the CPU per
// call. Each binding maps one gRPC method to a pattern (see grpc-patterns.ts).
import cluster from 'node:cluster';
import {
  Server as GrpcServer,
  status as GrpcStatus,
  type ChannelOptions,
  type ServerCredentials,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
  type UntypedHandleCall,
  type sendUnaryData,
} from '@grpc/grpc-js';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { Logger } from '@repo/rules';
import { toServiceError } from './grpc-errors';
import type { GrpcHandler } from './grpc-handlers';
import { removeStaleUnixSocket, unixSocketPath } from './remove-stale-unix-socket';

export interface GrpcServiceBinding {
  readonly definition: ServiceDefinition;
  /** gRPC method name (e.g. `ShouldRateLimit`) -> message pattern of its handler. */
  readonly methods: Readonly<Record<string, string>>;
}

export interface GrpcTransportOptions {
  /** `host:port` (port 0 = any free port) or `unix:/path/to.sock`. */
  readonly address: string;
  /** Resolved at listen time (TLS material is read then). */
  readonly credentials: () => Promise<ServerCredentials>;
  readonly channelOptions: ChannelOptions;
  readonly services: readonly GrpcServiceBinding[];
  /** The handler of each pattern, asked for when the server starts (after the app's init). */
  readonly handlers: () => { handler(pattern: string): GrpcHandler | undefined };
  /** Most time close() waits for calls in flight before cancelling them. */
  readonly drainTimeoutMs: number;
  /** The app's own logger, passed in: nestjs-pino keeps one root logger per process. */
  readonly logger: Logger;
}

export class GrpcTransport extends Server implements CustomTransportStrategy {
  private server: GrpcServer | undefined;
  private port = 0;

  constructor(private readonly options: GrpcTransportOptions) {
    super();
  }

  /** The bound TCP port (the chosen one when the address asked for port 0); 0 for a unix socket. */
  get boundPort(): number {
    return this.port;
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const server = new GrpcServer(this.options.channelOptions);
      for (const binding of this.options.services)
        server.addService(binding.definition, this.implementation(binding));
      const credentials = await this.options.credentials();
      const socketPath = unixSocketPath(this.options.address);
      // With WORKERS > 1 the primary process checked the socket before forking (run-workers.ts);
      // a worker would see its siblings' live socket.
      if (socketPath !== undefined && !cluster.isWorker && (await removeStaleUnixSocket(socketPath))) {
        this.options.logger.warn(`removed the stale unix socket ${socketPath} (its process is gone)`);
      }
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync(this.options.address, credentials, (error, boundPort) =>
          error ? reject(error) : resolve(boundPort),
        ),
      );
      // grpc-js reports port 1 for a unix socket.
      this.port = socketPath === undefined ? port : 0;
      this.server = server;
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /** Stops taking calls, lets calls in flight finish (up to drainTimeoutMs), then cancels the rest. */
  async close(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.forceShutdown();
        resolve();
      }, this.options.drainTimeoutMs);
      server.tryShutdown(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  on(): void {
    throw new Error('GrpcTransport has no events');
  }

  unwrap<T>(): T {
    return this.server as T;
  }

  private implementation(binding: GrpcServiceBinding): Record<string, UntypedHandleCall> {
    const implementation: Record<string, UntypedHandleCall> = {};
    const handlers = this.options.handlers();
    for (const [method, pattern] of Object.entries(binding.methods)) {
      const handler = handlers.handler(pattern);
      if (handler === undefined) throw new Error(`no handler registered for the gRPC pattern ${pattern}`);
      const isStreaming = binding.definition[method]?.responseStream === true;
      implementation[method] = isStreaming ? streamingCall(handler) : unaryCall(handler);
    }
    return implementation;
  }
}

function unaryCall(handler: GrpcHandler) {
  return async (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>): Promise<void> => {
    try {
      callback(null, await handler(call.request, call));
    } catch (error) {
      callback(toServiceError(error));
    }
  };
}

/** Server-streaming: the handler writes to the call itself and resolves when it has finished. */
function streamingCall(handler: GrpcHandler) {
  return async (call: ServerWritableStream<unknown, unknown>): Promise<void> => {
    try {
      await handler(call.request, call);
    } catch (error) {
      // grpc-js sends the status of an 'error' event when the stream ends; destroy() would skip
      // the end, and the client would wait for a status for ever.
      const { code = GrpcStatus.INTERNAL, details } = toServiceError(error);
      call.emit('error', Object.assign(new Error(details), { code, details }));
    }
  };
}
