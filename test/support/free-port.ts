import { createServer } from 'node:net';

function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/** A loopback TCP port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  const port = await listenOnce(0);
  if (port === undefined) throw new Error('could not find a free loopback port');
  return port;
}

/**
 * A port P with P + offset also free: Redis Cluster nodes need their bus port at P + 10000.
 * Tries ports picked by the OS, keeping those low enough for the offset to stay valid.
 */
export async function freePortPair(offset: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const candidate = 20000 + Math.floor(Math.random() * (65535 - offset - 20000));
    if ((await listenOnce(candidate)) && (await listenOnce(candidate + offset))) return candidate;
  }
  throw new Error(`could not find free loopback ports P and P+${offset}`);
}
