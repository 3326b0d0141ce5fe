// Limits of the HTTP listener (/json, /healthcheck) against slow and stuck clients.
import type { Server, ServerOptions } from 'node:http';
import type { ServerSettings } from '../../settings/settings';

export interface HttpServerLimits {
  readonly bodyLimit: number;
  readonly requestTimeout: number;
  readonly http: ServerOptions;
}

/** How often Node looks for requests past their timeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Fastify options: MAX_REQUEST_BYTES (413 beyond it) and HTTP_REQUEST_TIMEOUT, the most time a
 * client may take to send a whole request, headers and body (408 and the connection closed).
 * Fastify turns Node's request timeout off, so a client sending its body one byte at a time
 * would hold a connection for ever (slowloris). Node checks every 30 s by default: checking
 * every second cuts slow clients close to the timeout.
 */
export function httpServerLimits(server: ServerSettings): HttpServerLimits {
  const requestTimeout = Math.ceil(server.httpRequestTimeoutMs);
  if (requestTimeout === 0) return { bodyLimit: server.maxRequestBytes, requestTimeout, http: {} };
  return {
    bodyLimit: server.maxRequestBytes,
    requestTimeout,
    http: {
      headersTimeout: Math.min(requestTimeout, 60_000),
      connectionsCheckingInterval: Math.min(requestTimeout, TIMEOUT_CHECK_INTERVAL_MS),
    },
  };
}

/**
 * Destroys every connection still open `ms` from now; returns the cancel function. Used when
 * shutting down: once server.close() has been called Node no longer enforces its timeouts, so a
 * client half-way through its headers or a kept-alive connection would hold the exit back for
 * ever; the HTTP listener gets the same SHUTDOWN_DRAIN_SECONDS as gRPC.
 */
export function closeConnectionsAfter(server: Server, ms: number): () => void {
  const timer = setTimeout(() => server.closeAllConnections(), ms);
  timer.unref();
  return () => clearTimeout(timer);
}
