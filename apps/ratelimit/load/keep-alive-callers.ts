// (apps/ratelimit/load/: what calls the service from outside, shared by the tests and the benchmarks)
// HTTP callers that hold their connections (a node:http keep-alive agent with a fixed number of
// sockets), as a client already connected when a connection flood starts; and one-off requests
// on a connection of their own, as a client arriving during the flood.
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  readonly headers: IncomingHttpHeaders;
}

export interface RequestOptions {
  readonly method?: string;
  readonly body?: string;
  /** undefined: a connection of its own, closed after the answer. */
  readonly agent?: Agent;
}

/** Rejects with the socket error (e.g. ECONNRESET when the service refuses the connection). */
export function httpCall(url: string, options: RequestOptions = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', agent: options.agent ?? false, timeout: 10_000 },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, text, headers: response.headers }),
        );
        response.once('error', reject);
      },
    );
    request.once('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.once('error', reject);
    request.end(options.body);
  });
}

export interface KeepAliveCallers {
  readonly agent: Agent;
  /** Opens every socket of the agent at once (`sockets` calls in parallel). */
  connect(call: (agent: Agent) => Promise<unknown>): Promise<void>;
  /** Sockets the agent holds now (in use or idle). */
  openSockets(): number;
  close(): void;
}

export function keepAliveCallers(sockets: number): KeepAliveCallers {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const count = (pool: NodeJS.ReadOnlyDict<unknown[]>) =>
    Object.values(pool).reduce((sum, list) => sum + (list?.length ?? 0), 0);
  return {
    agent,
    connect: async (call) => {
      await Promise.all(Array.from({ length: sockets }, () => call(agent)));
    },
    openSockets: () => count(agent.sockets) + count(agent.freeSockets),
    close: () => agent.destroy(),
  };
}
