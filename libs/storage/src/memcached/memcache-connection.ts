import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import type { ReplyParser } from './memcache-responses';

export interface MemcacheConnectionOptions {
  readonly host: string;
  readonly port: number;
  /** TLS client options; undefined = plain TCP. */
  readonly tls?: ConnectionOptions;
  /** A command not answered within this time fails and closes the connection. */
  readonly timeoutMs: number;
}

interface InFlight {
  readonly parse: ReplyParser<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly deadlineMs: number;
}

/**
 * One memcached text-protocol connection with pipelining: commands are written at once and the
 * replies, which memcached sends in order, are matched to them first in, first out.
 * Any socket error, protocol error or timeout fails every command in flight and closes the
 * connection (the reply stream cannot be trusted any more); the owner then opens a new one.
 */
export class MemcacheConnection {
  private readonly socket: Socket;
  private readonly inFlight: InFlight[] = [];
  private received: Buffer = Buffer.alloc(0);
  private timer: NodeJS.Timeout | undefined;
  private failure: Error | undefined;

  constructor(private readonly options: MemcacheConnectionOptions) {
    const { host, port, tls } = options;
    this.socket = tls
      ? connectTls({ ...tls, host, port, servername: tls.servername ?? serverName(host) })
      : connectTcp({ host, port });
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error(`connection to ${host}:${port} closed`)));
  }

  /** False once the connection failed or was closed. */
  get isUsable(): boolean {
    return this.failure === undefined;
  }

  get pendingCount(): number {
    return this.inFlight.length;
  }

  send<T>(command: string, parse: ReplyParser<T>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      const deadlineMs = Date.now() + this.options.timeoutMs;
      this.inFlight.push({ parse, resolve: resolve as (value: unknown) => void, reject, deadlineMs });
      this.socket.write(command);
      if (this.timer === undefined) this.armTimer();
    });
  }

  close(): void {
    this.fail(new Error(`connection to ${this.options.host}:${this.options.port} closed by the client`));
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    let offset = 0;
    try {
      while (this.inFlight.length > 0) {
        const parsed = this.inFlight[0].parse(this.received, offset);
        if (parsed === undefined) break;
        offset = parsed.end;
        this.inFlight.shift()?.resolve(parsed.value);
      }
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    this.received = offset >= this.received.length ? Buffer.alloc(0) : this.received.subarray(offset);
    if (this.inFlight.length === 0) this.clearTimer();
  }

  /** One timer per connection, armed for the oldest command in flight. */
  private armTimer(): void {
    const oldest = this.inFlight[0];
    if (oldest === undefined) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (this.inFlight[0] !== oldest) return this.armTimer();
        const { host, port } = this.options;
        this.fail(new Error(`memcached ${host}:${port} did not answer within ${this.options.timeoutMs} ms`));
      },
      Math.max(oldest.deadlineMs - Date.now(), 0),
    );
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fail(error: Error): void {
    if (this.failure === undefined) this.failure = error;
    this.clearTimer();
    this.socket.destroy();
    for (const command of this.inFlight.splice(0)) command.reject(error);
  }
}

/** SNI must be a host name, never an IP literal. */
function serverName(host: string): string | undefined {
  return /^[\d.]+$|:/.test(host) ? undefined : host;
}
