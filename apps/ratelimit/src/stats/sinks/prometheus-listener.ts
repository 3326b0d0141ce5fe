// The Prometheus pull listener on PULLSTATS_ADDR (docs/observability.md): GET (and HEAD)
// PULLSTATS_PATH serves the pull sink's registry, after a flush so a scrape sees every count up to
// that moment, with prom-client's default process metrics (process_*, nodejs_*) in it; any other
// path is 404 as the reference's Go listener answers (its own HTTP server with promhttp, apart
// from the main listener). The service's plain listener (http-listener.ts) with the limits every
// HTTP listener takes. It opens with the other listeners once the app is initialised and closes
// when the app shuts down; prom-client is loaded only with USE_PULLSTATS (a lazy package). A busy
// address rejects with PULLSTATS_ADDR in the message and start-up fails.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { collectDefaultMetrics } from 'prom-client';
import { LOGGER } from '../../core-tokens';
import { HttpListener, routeTable, send, type Route } from '../../http-listener';
import { SETTINGS, type Settings } from '../../settings/settings';
import { parseListenAddress } from './prometheus/parse-listen-address';
import { StatsSinkLifecycle } from './stats-sink-lifecycle';

const notFound: Route = (_request, response) => send(response, 404, '404 page not found\n');

@Injectable()
export class PrometheusListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: HttpListener | undefined;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(StatsSinkLifecycle) private readonly sink: StatsSinkLifecycle,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const registry = this.sink.prometheus?.metrics.registry;
    if (registry === undefined) return;
    const { addr, path } = this.settings.stats.pull;
    const { host, port } = parseListenAddress(addr);
    collectDefaultMetrics({ register: registry });
    const scrape: Route = async (_request, response) => {
      this.sink.flush();
      send(response, 200, await registry.metrics(), { 'content-type': registry.contentType });
    };
    const routes = routeTable({ [`GET ${path}`]: scrape, [`HEAD ${path}`]: scrape }, notFound);
    const listener = new HttpListener(
      routes,
      this.settings.server,
      this.logger,
      `Prometheus listener ${addr}`,
    );
    try {
      const boundPort = await listener.listen(host, port);
      this.listener = listener;
      this.logger.info(`stats: Prometheus listening on ${addr} (port ${boundPort})`);
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(`PULLSTATS_ADDR=${addr}: cannot listen: ${message}`, { cause: error });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }
}
