// The gRPC listener's lifetime in the app (docs/development.md#start-up-and-shutdown): it opens
// once the app is initialised (store connected, rules loaded), before the debug and HTTP
// listeners, and drains first when the app shuts down: no new calls (GOAWAY), the calls in flight
// finish for up to SHUTDOWN_DRAIN_SECONDS, while /healthcheck still answers (unhealthy) over HTTP,
// which closes after it.
import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Server as GrpcServer } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import { LOGGER } from '../../core-tokens';
import { SETTINGS, type Settings } from '../../settings/settings';
import { createGrpcTransport } from './create-grpc-transport';
import { GrpcHandlers } from './grpc-handlers';
import type { GrpcTransport } from './grpc-transport';
import { limitHandshakeTime } from './limit-handshake-time';

@Injectable()
export class GrpcListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly transport: GrpcTransport;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(GrpcHandlers) handlers: GrpcHandlers,
  ) {
    this.transport = createGrpcTransport(settings, logger, () => handlers);
  }

  /** The bound TCP port; 0 on a unix socket (GRPC_UDS) or before it listens. */
  get port(): number {
    return this.transport.boundPort;
  }

  async onApplicationBootstrap(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      void this.transport.listen((error?: unknown) => (error === undefined ? resolve() : reject(error)));
    });
    const timeoutMs = this.settings.server.grpcConnectionTimeoutMs;
    limitHandshakeTime(this.transport.unwrap<GrpcServer>(), timeoutMs, this.logger);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.transport.close();
  }
}
