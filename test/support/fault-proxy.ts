// A small TCP fault proxy for network fault tests: it listens on a free loopback port in front of
// a real server and forwards both directions, and its mode can be switched at run time to make
// the network between a client and that server slow or broken (see FaultMode).
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './free-port';
import type { FaultMode } from './fault-mode';
import { Link } from './fault-proxy-link';
import { LOOPBACK } from './redis-server';

export type { FaultMode } from './fault-mode';

export interface FaultProxy {
  readonly port: number;
  /** `127.0.0.1:<port>`: give this address to the client instead of the server's. */
  readonly url: string;
  readonly mode: FaultMode;
  /** Client connections open now. */
  readonly openConnections: number;
  /** Client connections accepted so far (including those closed or reset at once). */
  readonly acceptedConnections: number;
  /** Switches the mode; resolves once it applies to every connection (and the listener). */
  setMode(mode: FaultMode): Promise<void>;
  /** Destroys every socket and closes the listener. Idempotent. */
  stop(): Promise<void>;
}

/** Starts a proxy to `target` (a loopback server) in `pass` mode. */
export async function startFaultProxy(target: { host?: string; port: number }): Promise<FaultProxy> {
  const port = await freePort();
  return new TcpFaultProxy(target.host ?? LOOPBACK, target.port, port).listen();
}

class TcpFaultProxy implements FaultProxy {
  private readonly links = new Set<Link>();
  private readonly server: Server;
  private currentMode: FaultMode = { kind: 'pass' };
  private isListening = false;
  private isStopped = false;
  acceptedConnections = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    readonly port: number,
  ) {
    this.server = createServer({ allowHalfOpen: true }, (client) => this.accept(client));
  }

  get url(): string {
    return `${LOOPBACK}:${this.port}`;
  }

  get mode(): FaultMode {
    return this.currentMode;
  }

  get openConnections(): number {
    return this.links.size;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host: LOOPBACK, port: this.port, exclusive: true }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.isListening = true;
    return this;
  }

  async setMode(mode: FaultMode): Promise<void> {
    if (this.isStopped) throw new Error('the fault proxy is stopped');
    this.currentMode = mode;
    const shouldListen = !(mode.kind === 'drop-new' && mode.how === 'refuse');
    if (shouldListen && !this.isListening) await this.listen();
    if (!shouldListen && this.isListening) {
      this.isListening = false;
      this.server.close(); // stops accepting; open connections stay
    }
    for (const link of [...this.links]) {
      if (mode.kind === 'reset') link.reset();
      else if (mode.kind === 'half-open') link.sever();
      else link.release();
    }
  }

  async stop(): Promise<void> {
    if (this.isStopped) return;
    this.isStopped = true;
    for (const link of [...this.links]) link.destroy();
    this.links.clear();
    if (this.isListening) await new Promise((resolve) => this.server.close(resolve));
    this.isListening = false;
  }

  private accept(client: Socket): void {
    this.acceptedConnections++;
    const mode = this.currentMode;
    client.on('error', () => undefined);
    if (this.isStopped || mode.kind === 'reset') {
      client.resetAndDestroy();
      return;
    }
    if (mode.kind === 'drop-new') {
      client.end(() => client.destroy());
      return;
    }
    client.setNoDelay(true);
    const server = connect({ host: this.targetHost, port: this.targetPort, allowHalfOpen: true });
    server.setNoDelay(true);
    const link = new Link(
      client,
      server,
      () => this.currentMode,
      (closed) => this.links.delete(closed),
    );
    this.links.add(link);
    if (mode.kind === 'half-open') link.sever();
  }
}
