// The one way the service serves HTTP beside its main listener (docs/development.md#http-listeners):
// the debug listener with the operator console, and the Prometheus pull listener. A plain node:http
// server with the limits every HTTP listener shares, a table of routes by exact path, and the few
// ways they answer (text, JSON, a capped body read), so none of them repeats binding, closing,
// error answers or body handling.
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import {
  capConnections,
  listenerLimits,
  refusedConnectionWarning,
  type ListenerLimits,
} from './listener-limits';
import { readBody } from './read-body';
import type { ServerSettings } from './settings/settings';

/** One answer; `url` is the request's, parsed once. A rejection answers 500 with its message. */
export type Route = (request: IncomingMessage, response: ServerResponse, url: URL) => void | Promise<void>;

export const TEXT = 'text/plain; charset=utf-8';

/**
 * Routes by exact path: `METHOD /path` for one method, `/path` for any; everything else goes to
 * `fallback`. No patterns, so a path from the settings (PULLSTATS_PATH) is matched as written.
 */
export function routeTable(routes: Readonly<Record<string, Route>>, fallback: Route): Route {
  const table = new Map(Object.entries(routes));
  return (request, response, url) => {
    const route = table.get(`${request.method} ${url.pathname}`) ?? table.get(url.pathname) ?? fallback;
    return route(request, response, url);
  };
}

export interface HttpListenerOptions {
  /** HTTP_REQUEST_TIMEOUT and HTTP_MAX_CONNECTIONS, as on every HTTP listener. */
  readonly server: ServerSettings;
  readonly logger: Logger;
  /** Names the listener in the warning when a connection is closed to make room. */
  readonly name: string;
  /** A request declaring a longer body (Content-Length) is answered 413 before any route, unread. */
  readonly maxBodyBytes: number;
}

export class HttpListener {
  private server: Server | undefined;
  private readonly limits: ListenerLimits;
  private readonly onRefused: () => void;
  private readonly maxBodyBytes: number;

  constructor(
    private readonly route: Route,
    options: HttpListenerOptions,
  ) {
    this.limits = listenerLimits(options.server);
    this.onRefused = refusedConnectionWarning(options.logger, options.name, this.limits.maxConnections);
    this.maxBodyBytes = options.maxBodyBytes;
  }

  /**
   * Binds to host:port (every interface, IPv6 and IPv4, when host is undefined); resolves with
   * the bound port, rejects with the listen error (e.g. EADDRINUSE).
   */
  async listen(host: string | undefined, port: number): Promise<number> {
    const server = createServer(
      this.limits.nodeOptions,
      (request, response) => void this.serve(request, response),
    );
    server.keepAliveTimeout = this.limits.keepAliveTimeoutMs;
    capConnections(server, this.limits.maxConnections, this.onRefused);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Ends open connections first, so a keep-alive client cannot hold the close open. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (Number(request.headers['content-length'] ?? 0) > this.maxBodyBytes)
      return send(response, 413, `the body is larger than ${this.maxBodyBytes} bytes\n`);
    try {
      await this.route(request, response, new URL(request.url ?? '/', 'http://listener'));
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': TEXT });
      response.end(`${(error as Error).message}\n`);
    }
  }
}

/** Writes the whole answer; `headers` replace the plain-text content type. */
export function send(
  response: ServerResponse,
  statusCode: number,
  body: string | Buffer,
  headers: OutgoingHttpHeaders = { 'content-type': TEXT },
): void {
  response.writeHead(statusCode, headers);
  response.end(body);
}

/** `value` as one line of JSON. */
export function sendJson(response: ServerResponse, statusCode: number, value: unknown): void {
  send(response, statusCode, `${JSON.stringify(value)}\n`, { 'content-type': 'application/json' });
}

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/**
 * The text of a small request body (read-body.ts), refused beyond `maxBytes` (the connection is
 * closed then) so a listener cannot be made to buffer without bound.
 */
export function readBodyText(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) =>
    readBody(request, maxBytes, (refusal, body) => {
      if (refusal === undefined) return resolve((body as Buffer).toString('utf8'));
      if (refusal !== 'too-large') return reject(new Error(`the request body was not read: ${refusal}`));
      reject(new BodyTooLargeError(`the body is larger than ${maxBytes} bytes`));
      request.destroy();
    }),
  );
}
