// The pull listener on PULLSTATS_ADDR serving PULLSTATS_PATH (the reference: its own Go HTTP
// server with promhttp on that path; any other path is 404). `beforeScrape` flushes the stats
// first, so a scrape sees every count up to that moment rather than the last flush.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { HttpListener } from '../../../http-listener';
import type { ListenerLimits } from '../../../listener-limits';
import { parseListenAddress } from './parse-listen-address';

export interface PrometheusServerOptions {
  readonly addr: string;
  readonly path: string;
  readonly registry: Registry;
  readonly beforeScrape: () => void;
  /** The HTTP listener's limits (HTTP_REQUEST_TIMEOUT, HTTP_MAX_CONNECTIONS). */
  readonly limits: ListenerLimits;
  /** Called for each connection refused past the cap. */
  readonly onRefused: () => void;
}

export class PrometheusServer {
  private readonly listener: HttpListener;

  constructor(private readonly options: PrometheusServerOptions) {
    const serve = (request: IncomingMessage, response: ServerResponse) => this.serve(request, response);
    this.listener = new HttpListener(serve, options.limits, options.onRefused);
  }

  /** Resolves with the bound port; rejects (e.g. EADDRINUSE) with the address in the message. */
  async listen(): Promise<number> {
    const { host, port } = parseListenAddress(this.options.addr);
    try {
      return await this.listener.listen(host, port);
    } catch (error) {
      const message = (error as Error).message;
      throw new Error(`PULLSTATS_ADDR=${this.options.addr}: cannot listen: ${message}`, { cause: error });
    }
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  private serve(request: IncomingMessage, response: ServerResponse): void {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== this.options.path) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('404 page not found\n');
      return;
    }
    this.options.beforeScrape();
    this.options.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': this.options.registry.contentType });
        response.end(text);
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`${error.message}\n`);
      },
    );
  }
}
