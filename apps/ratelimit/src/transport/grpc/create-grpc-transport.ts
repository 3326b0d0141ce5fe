import type { Settings } from '../../settings/settings';
import type { GrpcHandlers } from './grpc-handlers';
import type { Logger } from '@repo/rules';
import { GrpcTransport } from './grpc-transport';
import { HEALTH_CHECK_PATTERN, HEALTH_WATCH_PATTERN, SHOULD_RATE_LIMIT_PATTERN } from './grpc-patterns';
import { grpcAddress, grpcChannelOptions } from './grpc-server-options';
import { createServerCredentials } from './server-credentials';
import { healthServerDefinition } from './health-server-method';
import { rlsServerDefinition } from './rls-server-method';

/** The gRPC listener: RateLimitService and grpc.health.v1.Health on one server. */
export function createGrpcTransport(
  settings: Settings,
  logger: Logger,
  handlers: () => GrpcHandlers,
): GrpcTransport {
  return new GrpcTransport({
    address: grpcAddress(settings.server),
    credentials: () => createServerCredentials(settings.tls, logger),
    channelOptions: grpcChannelOptions(settings.server),
    services: [
      {
        definition: rlsServerDefinition(),
        methods: { ShouldRateLimit: SHOULD_RATE_LIMIT_PATTERN },
      },
      {
        definition: healthServerDefinition(),
        methods: { Check: HEALTH_CHECK_PATTERN, Watch: HEALTH_WATCH_PATTERN },
      },
    ],
    drainTimeoutMs: settings.shutdown.drainSeconds * 1000,
    logger,
    handlers,
  });
}
