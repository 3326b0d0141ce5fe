// A statsd listener for the benchmark: the service's statistics are on by default and go to a
// statsd over TCP, so the benchmark gives them somewhere to go, as a deployment does. It reads
// and drops the lines, counting them so a report can show that statistics did flow.
import { createServer, type Server } from 'node:net';

export interface StatsdListener {
  readonly port: number;
  /** statsd lines received so far. */
  lines(): number;
  close(): Promise<void>;
}

export async function startStatsdListener(): Promise<StatsdListener> {
  let lines = 0;
  const server: Server = createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    lines: () => lines,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.unref();
      }),
  };
}
