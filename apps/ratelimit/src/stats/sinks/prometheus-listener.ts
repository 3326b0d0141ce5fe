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
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { LOGGER } from '../../core-tokens';
import { HttpListener, routeTable, send, type Route } from '../../http-listener';
import { SETTINGS, type Settings } from '../../settings/settings';
import { parseListenAddress } from './prometheus/parse-listen-address';
import { StatsSinkLifecycle } from './stats-sink-lifecycle';

/** GET and HEAD `path`: the registry after `flush`; anything else 404 as Go's http.NotFound. */
function scrapeRoutes(path: string, registry: Registry, flush: () => void): Route {
  const scrape: Route = async (_request, response) => {
    flush();
    send(response, 200, await registry.metrics(), { 'content-type': registry.contentType });
  };
  const notFound: Route = (_request, response) => send(response, 404, '404 page not found\n');
  return routeTable({ [`GET ${path}`]: scrape, [`HEAD ${path}`]: scrape }, notFound);
}

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
    const { stats, server } = this.settings;
    const { addr, path } = stats.pull;
    const { host, port } = parseListenAddress(addr);
    collectDefaultMetrics({ register: registry });
    // MAX_REQUEST_BYTES as on the HTTP listener, though a scrape sends no body
    const listener = new HttpListener(scrapeRoutes(path, registry, this.sink.flush), {
      server,
      logger: this.logger,
      name: `Prometheus listener ${addr}`,
      maxBodyBytes: server.maxRequestBytes,
    });
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
