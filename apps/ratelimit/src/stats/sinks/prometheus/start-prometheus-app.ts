// The pull listener on PULLSTATS_ADDR: a Nest application of its own (PrometheusAppModule on
// Fastify), apart from the HTTP listener as in the reference (its own Go HTTP server with promhttp
// on PULLSTATS_PATH; any other path is 404). It takes the limits every HTTP listener shares.
// Loaded only with USE_PULLSTATS (prometheus-listener.ts imports it on demand), so other replicas do
// not load prom-client or @willsoto/nestjs-prometheus.
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { capConnections, listenerLimits, refusedConnectionWarning } from '../../../listener-limits';
import { buildLoggerModuleParams } from '../../../logging/create-logger';
import type { ServerSettings } from '../../../settings/settings';
import { httpServerLimits } from '../../../http-server-limits';
import { parseListenAddress, type ListenAddress } from './parse-listen-address';
import { PlainNotFoundFilter } from './plain-not-found.filter';
import { PrometheusAppModule } from './prometheus-app.module';
import type { ScrapeSource } from './scrape-source';

export interface PrometheusAppOptions extends ScrapeSource {
  readonly addr: string;
  readonly path: string;
  /** HTTP_REQUEST_TIMEOUT, HTTP_MAX_CONNECTIONS and MAX_REQUEST_BYTES, as on the HTTP listener. */
  readonly server: ServerSettings;
  readonly logger: Logger;
}

export interface RunningPrometheusApp {
  readonly port: number;
  /** Ends open connections first, so a keep-alive client cannot hold the close open. */
  close(): Promise<void>;
}

/** Rejects (e.g. EADDRINUSE) with PULLSTATS_ADDR in the message; nothing is left open then. */
export async function startPrometheusApp(options: PrometheusAppOptions): Promise<RunningPrometheusApp> {
  const { addr, path, server, logger } = options;
  const address = parseListenAddress(addr);
  const source = { registry: options.registry, beforeScrape: options.beforeScrape };
  const loggerParams = buildLoggerModuleParams(logger);
  const app = await NestFactory.create<NestFastifyApplication>(
    PrometheusAppModule.forRoot(source, path),
    new FastifyAdapter(httpServerLimits(server)),
    { logger: new NestPinoLogger(new PinoLogger(loggerParams), loggerParams), abortOnError: false },
  );
  app.useGlobalFilters(new PlainNotFoundFilter());
  const { maxConnections } = listenerLimits(server);
  const onRefused = refusedConnectionWarning(logger, `Prometheus listener ${addr}`, maxConnections);
  capConnections(app.getHttpServer(), maxConnections, onRefused);
  try {
    await listenOn(app, address);
  } catch (error) {
    await app.close();
    const message = (error as Error).message;
    throw new Error(`PULLSTATS_ADDR=${addr}: cannot listen: ${message}`, { cause: error });
  }
  return {
    port: (app.getHttpServer().address() as AddressInfo).port,
    close: async () => {
      app.getHttpServer().closeAllConnections();
      await app.close();
    },
  };
}

/**
 * `:9090` means every interface, as Node's listen() without a host reads it: `::` (IPv4 too), or
 * `0.0.0.0` where IPv6 is not available. Fastify would take a missing host for localhost.
 */
async function listenOn(app: NestFastifyApplication, { host, port }: ListenAddress): Promise<void> {
  if (host !== undefined) return void (await app.listen({ host, port }));
  try {
    await app.listen({ host: '::', port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') throw error;
    await app.listen({ host: '0.0.0.0', port });
  }
}
