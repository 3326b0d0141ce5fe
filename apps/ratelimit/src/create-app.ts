// Creates the service's Nest application from one Settings object and starts it (main.ts and the
// e2e tests use it). What starts and stops, and in which order, is the modules' own lifecycle
// (app.module.ts; docs/development.md#start-up-and-shutdown): the app is initialised (store
// connected and rules loaded, statistics sink and tracing started, debug listening), then the gRPC
// transport, connected as the app's microservice, listens, then HTTP; shutdown() is app.close(),
// the SIGTERM path (docs/service.md, "Start-up and signals").
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import { AppModule } from './app.module';
import { systemClock, systemRandom, type Clock, type Random } from './clock';
import type { CoreDependencies } from './core.module';
import { DebugListener } from './debug/debug-listener';
import { HEALTH_STATE, type HealthState } from './health/health-state';
import { httpServerLimits } from './http-server-limits';
import { buildLoggerModuleParams, createLogger } from './logging/create-logger';
import type { Settings } from './settings/settings';
import { StatsService } from './stats/stats.service';
import { GrpcTransport } from './transport/grpc/grpc-transport';
import { acceptRawBodies } from './transport/http/accept-raw-bodies';

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
  const { rule, message } = settings.backend.selection;
  // An inferred backend is said at the default level (WARN), so nobody runs on memory by accident.
  if (rule === 'explicit') logger.info(message);
  else logger.warn(message);
  const stats = new StatsService(settings.stats.maxKeys);
  const clock = overrides.clock ?? systemClock;
  const random = overrides.random ?? systemRandom;
  const app = await createApp(settings, { logger, stats, clock, random });
  // What a failed start-up opened (store, rule watchers, listeners) is closed again.
  await open(app, settings).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  const running = describeRunning(app, stats);
  logger.info(
    `ratelimit serving: gRPC ${running.grpcPort || settings.server.grpcUds}, HTTP ${running.httpPort}, debug ${running.debugPort}`,
  );
  return running;
}

/**
 * The Nest application on Fastify, with the HTTP listener's limits, and the gRPC transport
 * connected as its microservice (a hybrid application); not initialised yet.
 */
export async function createApp(
  settings: Settings,
  dependencies: CoreDependencies,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter(httpServerLimits(settings.server));
  acceptRawBodies(adapter.getInstance(), settings.server.maxRequestBytes);
  // Nest's own messages go through the same pino logger from the first line on (also when
  // start-up fails), in the LOG_FORMAT shape.
  const loggerParams = buildLoggerModuleParams(dependencies.logger);
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
  app.connectMicroservice<MicroserviceOptions>({ strategy: app.get(GrpcTransport, { strict: false }) });
  return app;
}

/** Initialised (store connected, rules loaded, the other listeners open), then gRPC, then HTTP. */
async function open(app: NestFastifyApplication, settings: Settings): Promise<void> {
  await app.init();
  await app.startAllMicroservices();
  await app.listen({ port: settings.server.port, host: settings.server.host });
}

function describeRunning(app: NestFastifyApplication, stats: StatsService): RunningRatelimit {
  const registry = app.get<RuleRegistry>(RULE_REGISTRY);
  let closing: Promise<void> | undefined;
  return {
    httpPort: (app.getHttpServer().address() as AddressInfo).port,
    grpcPort: app.get(GrpcTransport, { strict: false }).boundPort,
    debugPort: app.get(DebugListener, { strict: false }).port,
    stats,
    health: app.get<HealthState>(HEALTH_STATE, { strict: false }),
    registry,
    reload: () => registry.reload(),
    shutdown: () => (closing ??= app.close()),
  };
}
