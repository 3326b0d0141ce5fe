// The limits every HTTP listener of the service shares — the HTTP listener (/json, /healthcheck),
// the debug listener and the Prometheus pull listener — so none of them is the weak door: the time
// a client may take to send a request (HTTP_REQUEST_TIMEOUT), how long an idle keep-alive
// connection stays, and how many connections may be open at once (HTTP_MAX_CONNECTIONS).
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { ServerSettings } from './settings/settings';
import { throttledWarning } from './logging/throttled-warning';
import { OpenConnections } from './open-connections';

export interface ListenerLimits {
  /** node:http options: request and header timeouts, and how often Node looks for expired ones. */
  readonly nodeOptions: Pick<
    ServerOptions,
    'requestTimeout' | 'headersTimeout' | 'connectionsCheckingInterval'
  >;
  /** An idle keep-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** At most this many connections open (capConnections); 0 = no limit. */
  readonly maxConnections: number;
}

/** How often Node looks for requests past their timeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;
/** Node's own bound on the time to receive the headers. */
const MAX_HEADERS_TIMEOUT_MS = 60_000;
/**
 * Fastify's default, kept on every listener: longer than the 60 s idle timeout of common load
 * balancers and proxies, so the client side closes an idle connection first and never sends a
 * request on a connection the service is closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * HTTP_REQUEST_TIMEOUT is the most time a client may take to send a whole request, headers and
 * body (408 and the connection closed); a silent connection counts as a request never sent.
 * Checking every second cuts slow clients close to the timeout. 0 turns the limit off and leaves
 * Node its header timeout.
 */
export function listenerLimits(server: ServerSettings): ListenerLimits {
  const requestTimeout = Math.ceil(server.httpRequestTimeoutMs);
  const checks =
    requestTimeout === 0
      ? {}
      : {
          headersTimeout: Math.min(requestTimeout, MAX_HEADERS_TIMEOUT_MS),
          connectionsCheckingInterval: Math.min(requestTimeout, TIMEOUT_CHECK_INTERVAL_MS),
        };
  return {
    nodeOptions: { requestTimeout, ...checks },
    keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: server.httpMaxConnections,
  };
}

/**
 * HTTP_MAX_CONNECTIONS: past the cap, the connections quiet longest are closed to make room
 * (open-connections.ts), so a flood of silent or slow connections cannot keep a health probe
 * out. Counted here rather than with Node's server.maxConnections, which refuses the new
 * connection instead; and under node:cluster (WORKERS) a worker at its maxConnections hands the
 * connection back to the primary, which offers it again at once, a busy loop that never refuses
 * it (measured: a quarter of a core with three connections waiting).
 */
export function capConnections(server: Server, maxConnections: number, onClosed: () => void): void {
  if (maxConnections === 0) return;
  const connections = new OpenConnections(maxConnections, onClosed);
  server.on('connection', (socket: Socket) => connections.admit(socket));
  server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    connections.requestStarted(request, response),
  );
}

/** A warning for the first connection closed to make room, then at most one a minute with the count. */
export function refusedConnectionWarning(logger: Logger, listener: string, maxConnections: number) {
  const warn = throttledWarning(logger, listener);
  const error = new Error(
    `closed the connection quiet longest to make room: more than ${maxConnections} connections open (HTTP_MAX_CONNECTIONS)`,
  );
  return (): void => warn(error);
}
