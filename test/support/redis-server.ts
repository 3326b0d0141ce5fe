import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type { TestCertificates } from './certificates';
import { ensureBinary } from './ensure-binary';
import { freePort } from './free-port';
import { ManagedProcess } from './managed-process';
import { respCommand, RespReply } from './resp-command';
import { scratchDir } from './scratch-dir';
import { waitFor } from './wait-for';

export interface ManagedServer {
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  /** SIGTERM, then SIGKILL after 3 s. Idempotent. */
  stop(): Promise<void>;
  /** Sends a signal (SIGKILL by default) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts again on the same port and waits until it answers. */
  restart(): Promise<void>;
}

export interface RedisServer extends ManagedServer {
  /** `127.0.0.1:<port>` (the TLS port when TLS is on). */
  readonly url: string;
  /** Runs one command against this server (AUTH and TLS handled). */
  command(...args: string[]): Promise<RespReply>;
}

export interface RedisOptions {
  readonly password?: string;
  /** An ACL user besides `default`. */
  readonly user?: { readonly name: string; readonly password: string };
  /** Serve only TLS on the port, with these certificates. */
  readonly tls?: TestCertificates;
  readonly requireClientCert?: boolean;
  /** Extra redis.conf lines (e.g. `cluster-enabled yes`). */
  readonly extraConfig?: readonly string[];
  /** A fixed port (default: a free one). */
  readonly port?: number;
}

export const LOOPBACK = '127.0.0.1';

function redisConfig(port: number, dir: string, options: RedisOptions): string {
  const lines = [`bind ${LOOPBACK}`, `dir ${dir}`, 'save ""', 'appendonly no', `logfile ""`];
  if (options.tls) {
    lines.push('port 0', `tls-port ${port}`, `tls-cert-file ${options.tls.serverCert}`);
    lines.push(`tls-key-file ${options.tls.serverKey}`, `tls-ca-cert-file ${options.tls.caCert}`);
    lines.push(`tls-auth-clients ${options.requireClientCert ? 'yes' : 'no'}`);
  } else {
    lines.push(`port ${port}`);
  }
  if (options.password) lines.push(`requirepass ${options.password}`);
  if (options.user) lines.push(`user ${options.user.name} on >${options.user.password} ~* &* +@all`);
  return [...lines, ...(options.extraConfig ?? [])].join('\n') + '\n';
}

export function clientTlsOptions(tls: TestCertificates): ConnectionOptions {
  return {
    ca: readFileSync(tls.caCert),
    cert: readFileSync(tls.clientCert),
    key: readFileSync(tls.clientKey),
    servername: 'localhost',
  };
}

/** A started process seen as a server on host:port (the PID follows restarts). */
export class ServerHandle implements ManagedServer {
  readonly host = LOOPBACK;

  constructor(
    private readonly process: ManagedProcess,
    readonly port: number,
  ) {}

  get pid(): number {
    return this.process.pid;
  }

  stop(): Promise<void> {
    return this.process.stop();
  }

  kill(signal?: NodeJS.Signals): Promise<void> {
    return this.process.kill(signal);
  }

  restart(): Promise<void> {
    return this.process.restart();
  }
}

class RedisServerHandle extends ServerHandle implements RedisServer {
  constructor(
    process: ManagedProcess,
    port: number,
    readonly command: (...args: string[]) => Promise<RespReply>,
  ) {
    super(process, port);
  }

  get url(): string {
    return `${this.host}:${this.port}`;
  }
}

/** Starts a real redis-server on a free loopback port and waits until it answers PING. */
export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  const binary = ensureBinary('redis-server', 'redis-server');
  const port = options.port ?? (await freePort());
  const dir = scratchDir(`redis-${port}`);
  const configFile = join(dir, 'redis.conf');
  writeFileSync(configFile, redisConfig(port, dir, options));
  const target = {
    host: LOOPBACK,
    port,
    password: options.password,
    tls: options.tls ? clientTlsOptions(options.tls) : undefined,
  };
  const command = (...args: string[]) => respCommand(target, args);
  const process = new ManagedProcess({
    command: binary,
    args: [configFile],
    logFile: join(dir, 'redis.log'),
    description: `redis-server on port ${port}`,
    waitUntilReady: () =>
      waitFor(async () => (await command('PING')) === 'PONG', {
        timeoutMs: 10000,
        description: 'redis PING',
      }).then(() => undefined),
  });
  await process.start();
  return new RedisServerHandle(process, port, command);
}
