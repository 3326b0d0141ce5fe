// The connections of one HTTP listener under HTTP_MAX_CONNECTIONS. Past the cap, the connections
// that have gone longest without sending a request (idle keep-alive connections, and those still
// sending the headers or body of one) are closed to make room, instead of refusing the new one:
// a flood of connections that hold their slot and send nothing, or send a request a byte at a
// time, must not shut a health probe or a caller out. A connection whose request has fully
// arrived and is being answered is never closed this way.
//
// The choice waits until each new connection has had one read: Node accepts every connection
// waiting in the backlog at once, before reading any, so deciding on arrival would close a probe
// that a burst of later connections pushed to the front before its request (sent with the
// connection) was even read. Until then a burst may hold a few connections past the cap.
//
// The order is kept in a Map (insertion order): a request moves its connection to the end, so
// the front holds the quietest one and each close is usually one step.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  request: IncomingMessage | undefined;
  response: ServerResponse | undefined;
}

/** Runs `task` once the event loop has polled its sockets again (after the next read). */
export type Scheduler = (task: () => void) => void;

/**
 * An immediate queued from an immediate runs in the next turn's check phase, after that turn's
 * poll phase has read what the new sockets received.
 */
const afterNextPoll: Scheduler = (task) => setImmediate(() => setImmediate(task));

export class OpenConnections {
  private readonly open = new Map<Socket, Connection>();
  private isTrimScheduled = false;

  /** `onClosed` is called for each connection closed to make room. */
  constructor(
    private readonly maxConnections: number,
    private readonly onClosed: () => void,
    private readonly schedule: Scheduler = afterNextPoll,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /** Takes `socket`; past the cap, the quietest connections are closed after its first read. */
  admit(socket: Socket): void {
    this.open.set(socket, { request: undefined, response: undefined });
    socket.once('close', () => this.open.delete(socket));
    if (this.open.size <= this.maxConnections || this.isTrimScheduled) return;
    this.isTrimScheduled = true;
    this.schedule(() => this.trim());
  }

  /** A request's headers have arrived: its connection is the most recently active. */
  requestStarted(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    const connection = this.open.get(socket);
    if (connection === undefined) return;
    this.open.delete(socket);
    connection.request = request;
    connection.response = response;
    this.open.set(socket, connection);
  }

  /** Closes the quietest connections, never one being answered, until at most the cap are open. */
  private trim(): void {
    this.isTrimScheduled = false;
    for (const [socket, connection] of this.open) {
      if (this.open.size <= this.maxConnections) return;
      if (isAnswering(connection)) continue;
      this.open.delete(socket);
      socket.destroy();
      this.onClosed();
    }
  }
}

/** The whole request has arrived and its answer is not finished: closing it would lose an answer. */
function isAnswering({ request, response }: Connection): boolean {
  return request !== undefined && request.complete && response?.writableFinished === false;
}
