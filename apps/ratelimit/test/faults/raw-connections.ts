// Raw TCP clients that misbehave on purpose: silent connections, clients that send their
// headers or body a few bytes at a time. Each one records when the server closed it.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
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

/** What connection-flood-process.ts reports: after its first batch, and when done. */
export interface FloodReport {
  readonly opened: number;
  readonly done: boolean;
}

export interface FloodProcess {
  /** Resolves once the first batch is open. */
  readonly started: Promise<void>;
  /** Ends the flood (its connections closed) and the process; how many connections it opened. */
  stop(): Promise<number>;
  /** Ends the process at once (a test that failed before stop()). */
  kill(): void;
}

/**
 * A flood of `batch` connections at a time to `port` (each batch sending the next of `firsts`,
 * then trickling) from a child process, until stop().
 */
export function floodFromChild(port: number, firsts: readonly string[], batch: number): FloodProcess {
  const child = fork(join(__dirname, 'connection-flood-process.js'), [
    String(port),
    JSON.stringify(firsts),
    String(batch),
  ]);
  const exited = once(child, 'exit');
  const crashed = exited.then(([code, signal]) => {
    throw new Error(`the flood process ended early (${code ?? signal})`);
  });
  crashed.catch(() => undefined);
  const report = (done: boolean) =>
    new Promise<FloodReport>((resolve) => {
      const take = (message: FloodReport) => {
        if (message.done !== done) return;
        child.off('message', take);
        resolve(message);
      };
      child.on('message', take);
    });
  return {
    started: Promise.race([report(false), crashed]).then(() => undefined),
    stop: async () => {
      const answer = report(true);
      child.send('stop');
      const { opened } = await Promise.race([answer, crashed]);
      child.kill();
      await exited;
      return opened;
    },
    kill: () => void child.kill(),
  };
}
