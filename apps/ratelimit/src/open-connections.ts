// The connections of one HTTP listener under HTTP_MAX_CONNECTIONS. At the cap, a new connection
// takes the place of the one that has gone longest without sending a request (an idle keep-alive
// connection, or one still sending the headers or body of its request) instead of being refused:
// a flood of connections that hold their slot and send nothing, or send a request a byte at a
// time, must not shut a health probe or a caller out. Only a connection whose request has fully
// arrived and is being answered is never closed this way; when every one is, the new connection
// is refused. The order is kept in a Map (insertion order): a request moves its connection to the
// end, so the front holds the longest quiet one and finding it is usually one step.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  request: IncomingMessage | undefined;
  response: ServerResponse | undefined;
}

/** What happened to a connection that arrived at the cap. */
export type AtCapacity = 'replaced' | 'refused';

export class OpenConnections {
  private readonly open = new Map<Socket, Connection>();

  constructor(private readonly maxConnections: number) {}

  get size(): number {
    return this.open.size;
  }

  /**
   * Admits `socket`, first closing the quietest connection when at the cap; refuses it (destroyed,
   * false) only when every open connection is answering a request.
   */
  admit(socket: Socket): AtCapacity | 'admitted' {
    let outcome: AtCapacity | 'admitted' = 'admitted';
    if (this.open.size >= this.maxConnections) {
      const quietest = this.quietest();
      if (quietest === undefined) {
        socket.destroy();
        return 'refused';
      }
      this.open.delete(quietest);
      quietest.destroy();
      outcome = 'replaced';
    }
    this.open.set(socket, { request: undefined, response: undefined });
    socket.once('close', () => this.open.delete(socket));
    return outcome;
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

  private quietest(): Socket | undefined {
    for (const [socket, connection] of this.open) {
      if (!isAnswering(connection)) return socket;
    }
    return undefined;
  }
}

/** The whole request has arrived and its answer is not finished: closing it would lose a caller's answer. */
function isAnswering({ request, response }: Connection): boolean {
  return request !== undefined && request.complete && response?.writableFinished === false;
}
