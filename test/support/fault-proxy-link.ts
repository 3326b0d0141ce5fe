// The two sockets of one connection through the fault proxy (fault-proxy.ts) and what each
// direction does with the chunks it receives under the proxy's current mode.
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FaultMode } from './fault-mode';

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
export class Link {
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
