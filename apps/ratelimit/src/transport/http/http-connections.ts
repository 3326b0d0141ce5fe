// The HTTP listener's connections (docs/failure-behaviour.md): at most HTTP_MAX_CONNECTIONS once
// the app is initialised (more are closed at once, with a throttled warning), and on shutdown a
// deadline: connections still open SHUTDOWN_DRAIN_SECONDS after it began are closed, since Node
// stops enforcing its timeouts once the server is closing. The deadline is armed in the first
// phase of Nest's shutdown, before gRPC drains, and cancelled once the app has shut down.
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { LOGGER } from '../../core-tokens';
import { closeConnectionsAfter } from '../../http-server-limits';
import { capConnections, listenerLimits, refusedConnectionWarning } from '../../listener-limits';
import { SETTINGS, type Settings } from '../../settings/settings';

@Injectable()
export class HttpConnections implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private cancelForcedClose: (() => void) | undefined;

  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const { maxConnections } = listenerLimits(this.settings.server);
    const refused = refusedConnectionWarning(this.logger, 'HTTP listener', maxConnections);
    capConnections(this.server(), maxConnections, refused);
  }

  onModuleDestroy(): void {
    this.cancelForcedClose ??= closeConnectionsAfter(
      this.server(),
      this.settings.shutdown.drainSeconds * 1000,
    );
  }

  onApplicationShutdown(): void {
    this.cancelForcedClose?.();
  }

  private server(): Server {
    return this.adapterHost.httpAdapter.getHttpServer() as Server;
  }
}
