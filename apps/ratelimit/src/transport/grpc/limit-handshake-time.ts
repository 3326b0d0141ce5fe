// GRPC_CONNECTION_TIMEOUT: a connection must send the HTTP/2 preface and its SETTINGS within this
// time (grpc-go's ConnectionTimeout, 120 s there) or it is closed. grpc-js has no such limit and
// turns the socket timeout off, so connections that never speak stayed open for ever and a flood
// of them would use up the process' file descriptors.
import type { Server as GrpcServer } from '@grpc/grpc-js';
import type { Logger } from '@repo/rules';
import type { Http2Server, ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';

const TIMER = Symbol('handshakeTimer');
type TimedSocket = Socket & { [TIMER]?: NodeJS.Timeout };

/**
 * Installs the limit on the HTTP/2 servers of a bound grpc-js server. grpc-js keeps them in a
 * private field (1.14): if a later version changes it, this logs a warning and does nothing.
 * The time counts from the TCP connection, so with TLS it bounds the TLS handshake too.
 */
export function limitHandshakeTime(
  server: GrpcServer,
  timeoutMs: number,
  logger: Pick<Logger, 'warn'>,
): void {
  if (timeoutMs <= 0) return;
  const http2Servers = (server as unknown as { http2Servers?: unknown }).http2Servers;
  if (!(http2Servers instanceof Map)) {
    logger.warn('GRPC_CONNECTION_TIMEOUT is not applied: this @grpc/grpc-js has no http2Servers map');
    return;
  }
  for (const http2Server of http2Servers.keys() as Iterable<Http2Server>) {
    http2Server.prependListener('connection', (socket: TimedSocket) => {
      const timer = setTimeout(() => abort(socket), timeoutMs);
      timer.unref();
      socket[TIMER] = timer;
      socket.once('close', () => clearTimeout(timer));
    });
    http2Server.on('session', (session: ServerHttp2Session) => {
      // session.socket is a proxy reading the socket's own properties; with TLS it is the TLS
      // socket, whose _parent is the TCP connection that holds the timer.
      const socket = session.socket as (TimedSocket & { _parent?: TimedSocket }) | undefined;
      const timer = socket?.[TIMER] ?? socket?._parent?.[TIMER];
      if (timer !== undefined) session.once('remoteSettings', () => clearTimeout(timer));
    });
  }
}

/** A reset (RST) closes the descriptor even once HTTP/2 owns the socket, where destroy() does not. */
function abort(socket: Socket): void {
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}
