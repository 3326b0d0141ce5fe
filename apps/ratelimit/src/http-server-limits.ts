// Limits of the HTTP listener (/json, /healthcheck) against slow and stuck clients, as Fastify
// options; the debug and Prometheus listeners share them (listener-limits.ts).
import type { Server, ServerOptions } from 'node:http';
import { listenerLimits } from './listener-limits';
import type { ServerSettings } from './settings/settings';

export interface HttpServerLimits {
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
  readonly http: ServerOptions;
}

/**
 * The shared listener limits (MAX_REQUEST_BYTES is enforced by the body reader,
 * transport/http/accept-raw-bodies.ts). Fastify turns Node's request
 * timeout off unless given one, so without HTTP_REQUEST_TIMEOUT a client sending its body one
 * byte at a time would hold a connection for ever (slowloris). HTTP_MAX_CONNECTIONS is set on
 * the server once created (capConnections).
 */
export function httpServerLimits(server: ServerSettings): HttpServerLimits {
  const { nodeOptions, keepAliveTimeoutMs } = listenerLimits(server);
  const { requestTimeout = 0, ...http } = nodeOptions;
  return { requestTimeout, keepAliveTimeout: keepAliveTimeoutMs, http };
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
