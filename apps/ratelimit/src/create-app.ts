// Boots the whole service from one Settings object (main.ts and the e2e tests use it), in the
// reference's order (docs/service.md, "Start-up and signals"): store connected and rules loaded
// first, then the gRPC, debug and HTTP listeners. shutdown() is the SIGTERM path: unhealthy at
// once, gRPC stops taking calls and lets those in flight finish (SHUTDOWN_DRAIN_SECONDS at most),
// then HTTP closes after its requests in flight, then the store and the rule source.
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import { COUNTER_STORE, RedisCounterStore, type CounterStore } from '@repo/storage';
import { AppModule } from './app.module';
import { systemClock, systemRandom, type Clock, type Random } from './clock';
import { ConsoleApi } from './console/console-api';
import { consoleOrigin } from './console/console-origin';
import { OPERATOR_CONSOLE, type OperatorConsole } from './console/operator-console';
import { rulesDump } from './debug/rules-dump';
import { DebugServer } from './debug/debug-server';
import { HEALTH_STATE, type HealthState } from './health/health-state';
import { RateLimitService } from './ratelimit/ratelimit.service';
import { capConnections, listenerLimits, refusedConnectionWarning } from './listener-limits';
import { buildLoggerModuleParams, createLogger } from './logging/create-logger';
import type { Settings } from './settings/settings';
import { MEMCACHE_UNSUPPORTED_ALGORITHMS } from './to-rules-options';
import { StatsService } from './stats/stats.service';
import { startStatsSink } from './stats/sinks/start-stats-sink';
import { startTracing } from './tracing/start-tracing';
import { createGrpcTransport } from './transport/grpc/create-grpc-transport';
import { GrpcHandlers } from './transport/grpc/grpc-handlers';
import { limitHandshakeTime } from './transport/grpc/limit-handshake-time';
import { acceptRawBodies } from './transport/http/accept-raw-bodies';
import { closeConnectionsAfter, httpServerLimits } from './http-server-limits';

export interface AppOverrides {
  readonly logger?: Logger;
  readonly clock?: Clock;
  readonly random?: Random;
}

export interface RunningRatelimit {
  readonly httpPort: number;
  /** 0 when gRPC listens on a unix socket. */
  readonly grpcPort: number;
  readonly debugPort: number;
  readonly stats: StatsService;
  readonly health: HealthState;
  readonly registry: RuleRegistry;
  /** SIGHUP: re-read the rules. */
  reload(): void;
  /** SIGTERM: see the file comment. Resolves when everything is closed. */
  shutdown(): Promise<void>;
}

export async function startRatelimit(
  settings: Settings,
  overrides: AppOverrides = {},
): Promise<RunningRatelimit> {
  const logger = overrides.logger ?? createLogger(settings.log);
  const stats = new StatsService(settings.stats.maxKeys);
  const { rule, message } = settings.backend.selection;
  // An inferred backend is said at the default level (WARN), so nobody runs on memory by accident.
  if (rule === 'explicit') logger.info(message);
  else logger.warn(message);
  // Before any listener opens: a bad PULLSTATS_MAPPER_YAML or a busy PULLSTATS_ADDR stops start-up.
  const statsSink = await startStatsSink(settings, stats, logger);
  const tracing = await startTracing(settings.tracing, logger);
  const dependencies = {
    logger,
    stats,
    clock: overrides.clock ?? systemClock,
    random: overrides.random ?? systemRandom,
  };
  const adapter = new FastifyAdapter(httpServerLimits(settings.server));
  acceptRawBodies(adapter.getInstance());
  // Nest's own messages go through the same pino logger from the first line on (also when
  // start-up fails), in the LOG_FORMAT shape.
  const loggerParams = buildLoggerModuleParams(logger);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(settings, dependencies),
    adapter,
    {
      logger: new NestPinoLogger(new PinoLogger(loggerParams), loggerParams),
      abortOnError: false,
      // acceptRawBodies installed the only body parser: /json parses the text itself.
      bodyParser: false,
    },
  );
  const grpc = createGrpcTransport(settings, logger, () => app.get(GrpcHandlers));
  app.connectMicroservice({ strategy: grpc }, { inheritAppConfig: false });
  await app.init();
  // A gRPC listener that cannot start (TLS files, busy unix socket) must not leave the rule
  // watchers and store of the initialised app running.
  await app.startAllMicroservices().catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  limitHandshakeTime(grpc.unwrap(), settings.server.grpcConnectionTimeoutMs, logger);
  const registry = app.get<RuleRegistry>(RULE_REGISTRY);
  const store = app.get<CounterStore>(COUNTER_STORE);
  if (store instanceof RedisCounterStore) {
    logger.info(`redis increments (KV_INCREMENT_SCRIPT): ${JSON.stringify(store.incrementModes())}`);
  }
  const limits = listenerLimits(settings.server);
  const debug = new DebugServer(
    {
      rulesDump: () => rulesDump(registry),
      statsDump: () => stats.store.dump(),
      console: settings.debug.isConsoleEnabled
        ? createConsoleApi(app, settings, registry, dependencies.clock)
        : undefined,
    },
    limits,
    refusedConnectionWarning(logger, 'debug listener', limits.maxConnections),
  );
  const debugPort = await debug.listen(settings.debug.host, settings.debug.port);
  const refused = refusedConnectionWarning(logger, 'HTTP listener', limits.maxConnections);
  capConnections(app.getHttpServer(), limits.maxConnections, refused);
  await app.listen({ port: settings.server.port, host: settings.server.host });
  const httpPort = (app.getHttpServer().address() as AddressInfo).port;
  const health = app.get<HealthState>(HEALTH_STATE);
  logger.info(
    `ratelimit serving: gRPC ${grpc.boundPort || settings.server.grpcUds}, HTTP ${httpPort}, debug ${debugPort}`,
  );
  let closing: Promise<void> | undefined;
  return {
    httpPort,
    grpcPort: grpc.boundPort,
    debugPort,
    stats,
    health,
    registry,
    reload: () => registry.reload(),
    shutdown: () =>
      (closing ??= (async () => {
        health.markShuttingDown();
        const cancelForcedHttpClose = closeConnectionsAfter(
          app.getHttpServer(),
          settings.shutdown.drainSeconds * 1000,
        );
        // gRPC first: Nest's close() would shut HTTP before the hybrid transports, and /healthcheck
        // must keep answering 500 while gRPC calls in flight finish (up to SHUTDOWN_DRAIN_SECONDS).
        await grpc.close();
        await app.close();
        cancelForcedHttpClose();
        await debug.close();
        await statsSink.stop();
        await tracing.stop();
      })()),
  };
}

function createConsoleApi(
  app: NestFastifyApplication,
  settings: Settings,
  registry: RuleRegistry,
  clock: Clock,
): ConsoleApi {
  const service = app.get(RateLimitService, { strict: false });
  return new ConsoleApi({
    console: app.get<OperatorConsole>(OPERATOR_CONSOLE),
    registry,
    origin: consoleOrigin(settings),
    compileOptions: {
      mergeDomainConfigs: settings.config.mergeDomainConfig,
      ...(settings.backend.type === 'memcache'
        ? { unsupportedAlgorithms: MEMCACHE_UNSUPPORTED_ALGORITHMS }
        : {}),
    },
    clock,
    decide: (request) => service.shouldRateLimit(request),
  });
}
