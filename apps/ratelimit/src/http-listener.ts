// A plain node:http listener beside the main app (the debug listener, the Prometheus pull
// listener): bind with the limits every HTTP listener shares, report the bound port, close
// without waiting for idle keep-alive clients.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { capConnections, type ListenerLimits } from './listener-limits';

export class HttpListener {
  private server: Server | undefined;

  /** `onRefused` is called for each connection closed to make room past `limits.maxConnections`. */
  constructor(
    private readonly handler: RequestListener,
    private readonly limits: ListenerLimits,
    private readonly onRefused: () => void,
  ) {}

  /**
   * Binds to host:port (every interface when host is undefined); resolves with the bound port,
   * rejects with the listen error (e.g. EADDRINUSE).
   */
  async listen(host: string | undefined, port: number): Promise<number> {
    const server = createServer(this.limits.nodeOptions, this.handler);
    server.keepAliveTimeout = this.limits.keepAliveTimeoutMs;
    capConnections(server, this.limits.maxConnections, this.onRefused);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Ends open connections first, so a keep-alive client cannot hold the close open. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
