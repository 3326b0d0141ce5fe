// The pull listener on PULLSTATS_ADDR: GET (and HEAD) PULLSTATS_PATH serves the pull sink's
// registry, with prom-client's default process metrics (process_*, nodejs_*) in it, so one scrape
// returns both; any other path is 404 as the reference's Go listener answers (its own HTTP server
// with promhttp, apart from the main listener). The shared node:http listener with the limits
// every HTTP listener takes. Loaded only with USE_PULLSTATS (prometheus-listener.ts imports it on
// demand), so other replicas do not load prom-client.
import { collectDefaultMetrics, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import { HttpListener, routeTable, send, type Route } from '../../../http-listener';
import { listenerLimits, refusedConnectionWarning } from '../../../listener-limits';
import type { ServerSettings } from '../../../settings/settings';
import { parseListenAddress } from './parse-listen-address';

export interface PrometheusListenerOptions {
  readonly addr: string;
  readonly path: string;
  readonly registry: Registry;
  /** Run before each scrape, so a scrape sees every count up to that moment, not the last flush. */
  readonly beforeScrape: () => void;
  /** HTTP_REQUEST_TIMEOUT and HTTP_MAX_CONNECTIONS, as on the HTTP listener. */
  readonly server: ServerSettings;
  readonly logger: Logger;
}

export interface RunningPrometheusListener {
  readonly port: number;
  /** Ends open connections first, so a keep-alive client cannot hold the close open. */
  close(): Promise<void>;
}

/** Rejects (e.g. EADDRINUSE) with PULLSTATS_ADDR in the message; nothing is left open then. */
export async function startPrometheusListener(
  options: PrometheusListenerOptions,
): Promise<RunningPrometheusListener> {
  const { addr, path, registry, beforeScrape, server, logger } = options;
  const { host, port } = parseListenAddress(addr);
  collectDefaultMetrics({ register: registry });
  const scrape: Route = async (_request, response) => {
    beforeScrape();
    send(response, 200, await registry.metrics(), { 'content-type': registry.contentType });
  };
  const notFound: Route = (_request, response) => send(response, 404, '404 page not found\n');
  const limits = listenerLimits(server);
  const listener = new HttpListener(
    routeTable({ [`GET ${path}`]: scrape, [`HEAD ${path}`]: scrape }, notFound),
    limits,
    refusedConnectionWarning(logger, `Prometheus listener ${addr}`, limits.maxConnections),
  );
  try {
    return { port: await listener.listen(host, port), close: () => listener.close() };
  } catch (error) {
    const message = (error as Error).message;
    throw new Error(`PULLSTATS_ADDR=${addr}: cannot listen: ${message}`, { cause: error });
  }
}
