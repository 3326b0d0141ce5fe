// A small TCP fault proxy for network fault tests: it listens on a free loopback port in front of
// a real server and forwards both directions, and its mode can be switched at run time to make
// the network between a client and that server slow or broken (see FaultMode).
import { connect, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { freePort } from './free-port';
import { LOOPBACK } from './redis-server';

/**
 * - `pass`: forward as received.
 * - `delay`: hold every chunk `ms` milliseconds in each direction (order kept).
 * - `drop-new`: new connections are accepted then closed (`close`, FIN) or refused (`refuse`: the
 *   port stops listening); open connections keep working.
 * - `blackhole`: open and new connections stay open but nothing is forwarded (a network
 *   partition); what was held is delivered once the mode changes, as TCP would after the
 *   partition heals.
 * - `reset`: every open connection is reset (RST to both ends), new ones as they arrive.
 * - `half-open`: the server side of each open (and new) connection is closed behind the client's
 *   back: the client keeps a connection that never answers and swallows what it sends (a peer that
 *   lost the connection without telling). Such connections stay dead after the mode changes.
 */
export type FaultMode =
  | { readonly kind: 'pass' }
  | { readonly kind: 'delay'; readonly ms: number }
  | { readonly kind: 'drop-new'; readonly how: 'close' | 'refuse' }
  | { readonly kind: 'blackhole' }
  | { readonly kind: 'reset' }
  | { readonly kind: 'half-open' };

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

/** One direction of a connection: chunks queued with the time they may leave. */
class Direction {
  private readonly queue: { chunk: Buffer; releaseAtMs: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private shouldEnd = false;

  constructor(
    private readonly to: Socket,
    private readonly currentMode: () => FaultMode,
  ) {}

  push(chunk: Buffer): void {
    const mode = this.currentMode();
    const delayMs = mode.kind === 'delay' ? mode.ms : 0;
    this.queue.push({ chunk, releaseAtMs: performance.now() + delayMs });
    this.pump();
  }

  /** Writes every chunk whose time has come, unless the mode holds them back. */
  pump(): void {
    if (this.currentMode().kind === 'blackhole' || this.to.destroyed) return;
    const now = performance.now();
    while (this.queue.length > 0 && this.queue[0].releaseAtMs <= now) {
      this.to.write((this.queue.shift() as { chunk: Buffer }).chunk);
    }
    if (this.queue.length === 0) {
      if (this.shouldEnd) this.to.end();
    } else if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, this.queue[0].releaseAtMs - now);
    }
  }

  /** The sending end closed: close `to` once what is queued has left. */
  end(): void {
    this.shouldEnd = true;
    this.pump();
  }

  /** Releases what a blackhole held: due chunks now, delayed ones at their time. */
  release(): void {
    if (this.currentMode().kind === 'blackhole') return;
    const now = performance.now();
    for (const item of this.queue) item.releaseAtMs = Math.min(item.releaseAtMs, now);
    this.pump();
  }

  discard(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
  }
}

/** A client connection and its connection to the server. */
class Link {
  private readonly toServer: Direction;
  private readonly toClient: Direction;
  /** Set by half-open: the server side is gone, the client is never told. */
  private isSevered = false;

  constructor(
    readonly client: Socket,
    private readonly server: Socket,
    mode: () => FaultMode,
    onClosed: (link: Link) => void,
  ) {
    this.toServer = new Direction(server, mode);
    this.toClient = new Direction(client, mode);
    client.on('data', (chunk: Buffer) => {
      if (!this.isSevered) this.toServer.push(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (!this.isSevered) this.toClient.push(chunk);
    });
    // An end closing is passed on after the data before it (unless severed: the client must not
    // learn of it); a client gone takes its server connection with it.
    server.on('end', () => {
      if (!this.isSevered) this.toClient.end();
    });
    client.on('end', () => this.toServer.end());
    server.on('close', (hadError) => {
      if (hadError && !this.isSevered) this.destroy();
    });
    client.on('close', () => {
      this.destroy();
      onClosed(this);
    });
    for (const socket of [client, server]) socket.on('error', () => undefined); // reset or refused
  }

  release(): void {
    this.toServer.release();
    this.toClient.release();
  }

  sever(): void {
    this.isSevered = true;
    this.toServer.discard();
    this.toClient.discard();
    this.server.destroy();
  }

  reset(): void {
    this.discardQueues();
    if (!this.server.destroyed) this.server.resetAndDestroy();
    if (!this.client.destroyed) this.client.resetAndDestroy();
  }

  destroy(): void {
    this.discardQueues();
    this.server.destroy();
    this.client.destroy();
  }

  private discardQueues(): void {
    this.toServer.discard();
    this.toClient.discard();
  }
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
