// The pull listener on PULLSTATS_ADDR serving PULLSTATS_PATH (the reference: its own Go HTTP
// server with promhttp on that path; any other path is 404). `beforeScrape` flushes the stats
// first, so a scrape sees every count up to that moment rather than the last flush.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { parseListenAddress } from './parse-listen-address';

export interface PrometheusServerOptions {
  readonly addr: string;
  readonly path: string;
  readonly registry: Registry;
  readonly beforeScrape: () => void;
}

export class PrometheusServer {
  private server: Server | undefined;

  constructor(private readonly options: PrometheusServerOptions) {}

  /** Resolves with the bound port; rejects (e.g. EADDRINUSE) with the address in the message. */
  async listen(): Promise<number> {
    const { host, port } = parseListenAddress(this.options.addr);
    const server = createServer((request, response) => {
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
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) =>
        reject(
          new Error(`PULLSTATS_ADDR=${this.options.addr}: cannot listen: ${error.message}`, { cause: error }),
        ),
      );
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
