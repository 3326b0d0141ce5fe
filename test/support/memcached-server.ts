import { join } from 'node:path';
import { connect as connectTcp } from 'node:net';
import { connect as connectTls, ConnectionOptions } from 'node:tls';
import type { TestCertificates } from './certificates';
import { ensureBinary } from './ensure-binary';
import { freePort } from './free-port';
import { ManagedProcess } from './managed-process';
import { clientTlsOptions, LOOPBACK, ManagedServer, ServerHandle } from './redis-server';
import { scratchDir } from './scratch-dir';
import { waitFor } from './wait-for';

export interface MemcachedServer extends ManagedServer {
  /** `127.0.0.1:<port>` (the ALTCACHE_HOST_PORT format). */
  readonly url: string;
  readonly isTls: boolean;
  /** Sends one text-protocol command line (without CRLF) and resolves to the first reply line. */
  command(line: string): Promise<string>;
}

/** One text-protocol exchange on a fresh connection: enough for readiness checks and assertions. */
export function memcachedCommand(port: number, line: string, tls?: ConnectionOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls ? connectTls({ host: LOOPBACK, port, ...tls }) : connectTcp({ host: LOOPBACK, port });
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy(new Error(`no reply to "${line}"`)));
    socket.once('error', reject);
    socket.once(tls ? 'secureConnect' : 'connect', () => socket.write(`${line}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      const end = reply.indexOf('\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(reply.slice(0, end));
      }
    });
  });
}

class MemcachedHandle extends ServerHandle implements MemcachedServer {
  constructor(
    process: ManagedProcess,
    port: number,
    private readonly tls: ConnectionOptions | undefined,
  ) {
    super(process, port);
  }

  get url(): string {
    return `${this.host}:${this.port}`;
  }

  get isTls(): boolean {
    return this.tls !== undefined;
  }

  command(line: string): Promise<string> {
    return memcachedCommand(this.port, line, this.tls);
  }
}

/** Starts a real memcached (optionally TLS-only, `-Z`) on a free loopback port. */
export async function startMemcached(options: { tls?: TestCertificates } = {}): Promise<MemcachedServer> {
  const binary = ensureBinary('memcached', 'memcached');
  const port = await freePort();
  const dir = scratchDir(`memcached-${port}`);
  const args = ['-l', LOOPBACK, '-p', String(port), '-U', '0', '-m', '64'];
  if (process.getuid?.() === 0) args.push('-u', 'root');
  if (options.tls) {
    args.push('-Z', '-o', `ssl_chain_cert=${options.tls.serverCert},ssl_key=${options.tls.serverKey}`);
  }
  const tls = options.tls ? clientTlsOptions(options.tls) : undefined;
  const managed = new ManagedProcess({
    command: binary,
    args,
    logFile: join(dir, 'memcached.log'),
    description: `memcached on port ${port}`,
    waitUntilReady: async () => {
      await waitFor(async () => (await memcachedCommand(port, 'version', tls)).startsWith('VERSION'), {
        timeoutMs: 10000,
        description: 'memcached version reply',
      });
    },
  });
  await managed.start();
  return new MemcachedHandle(managed, port, tls);
}
