// Raw TCP clients that misbehave on purpose: silent connections, clients that send their
// headers or body a few bytes at a time. Each one records when the server closed it.
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface RawConnection {
  readonly socket: Socket;
  /** performance.now() when the server closed the connection; undefined while open. */
  closedAt: number | undefined;
}

export interface RawConnectionGroup {
  readonly connections: readonly RawConnection[];
  openCount(): number;
  /** Destroys every connection and stops the trickles. */
  destroy(): void;
}

/**
 * Opens `count` connections to `port`, writes `first` on each, then `trickle` every
 * `everyMs` (undefined: nothing more). Connections are opened in small batches.
 */
export async function openConnections(
  port: number,
  count: number,
  first: string,
  trickle?: { readonly text: string; readonly everyMs: number },
): Promise<RawConnectionGroup> {
  const connections: RawConnection[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const connection: RawConnection = { socket, closedAt: undefined };
      socket.once('connect', () => {
        if (first !== '') socket.write(first);
        resolve();
      });
      socket.on('error', (error) => (connection.closedAt === undefined ? reject(error) : undefined));
      socket.once('close', () => (connection.closedAt ??= performance.now()));
      socket.resume();
      connections.push(connection);
    });
  for (let i = 0; i < count; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - i) }, open));
  }
  const timer =
    trickle &&
    setInterval(() => {
      for (const { socket, closedAt } of connections) if (closedAt === undefined) socket.write(trickle.text);
    }, trickle.everyMs);
  return {
    connections,
    openCount: () => connections.filter((connection) => connection.closedAt === undefined).length,
    destroy: () => {
      if (timer) clearInterval(timer);
      connections.forEach((connection) => connection.socket.destroy());
    },
  };
}
