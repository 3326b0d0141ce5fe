import type { RedisConnectionOptions } from '../counter-store-options';
import { parseHostPort } from '../parse-host-port';
import { StorageOptionsError } from '../storage-options-error';

/** Where one Redis server listens. */
export type RedisAddress =
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number }
  | { readonly kind: 'unix'; readonly path: string };

/** What a single-server url says besides the address (redis:// and rediss:// urls). */
export interface SingleRedisTarget {
  readonly address: RedisAddress;
  readonly username?: string;
  readonly password?: string;
  readonly db?: number;
  /** rediss:// asks for TLS. */
  readonly tls: boolean;
}

export interface SentinelTarget {
  readonly masterName: string;
  readonly sentinels: readonly { host: string; port: number }[];
}

/** Single server: `host:port`, `redis://[user:pass@]host[:port][/db]`, `rediss://...`, or a socket path. */
export function parseSingleRedisUrl(
  url: string,
  socketType: RedisConnectionOptions['socketType'],
): SingleRedisTarget {
  const text = url.trim();
  if (/^rediss?:\/\//i.test(text)) return parseRedisUrlForm(text);
  if (
    socketType === 'unix' ||
    (socketType === undefined && (text.startsWith('/') || text.startsWith('unix:')))
  ) {
    const path = text.replace(/^unix:(\/\/)?/, '');
    if (path === '')
      throw new StorageOptionsError(`redis unix socket url must be a path, got ${JSON.stringify(url)}`);
    return { address: { kind: 'unix', path }, tls: false };
  }
  return { address: { kind: 'tcp', ...parseHostPort(text, 'redis url') }, tls: false };
}

function parseRedisUrlForm(text: string): SingleRedisTarget {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch (error) {
    throw new StorageOptionsError(`redis url ${JSON.stringify(text)} is not a valid url`, { cause: error });
  }
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const dbText = parsed.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d+$/.test(dbText)) {
    throw new StorageOptionsError(`redis url database must be a number, got ${JSON.stringify(dbText)}`);
  }
  return {
    address: { kind: 'tcp', host: parsed.hostname.replace(/^\[|\]$/g, ''), port },
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: dbText === '' ? undefined : Number(dbText),
    tls: parsed.protocol.toLowerCase() === 'rediss:',
  };
}

/** Sentinel: `masterName,host:port,host:port...` (at least 2 items, as the reference demands). */
export function parseSentinelUrl(url: string): SentinelTarget {
  const items = url.split(',').map((item) => item.trim());
  if (items.length < 2 || items[0] === '') {
    throw new StorageOptionsError(
      `redis sentinel url must be "masterName,host:port[,host:port...]" (at least 2 items), got ${JSON.stringify(url)}`,
    );
  }
  return {
    masterName: items[0],
    sentinels: items.slice(1).map((item) => parseHostPort(item, 'redis sentinel address')),
  };
}

/** Cluster: `host:port,host:port...` (the seed nodes). */
export function parseClusterUrl(url: string): { host: string; port: number }[] {
  const items = url
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new StorageOptionsError('redis cluster url must list at least one host:port');
  return items.map((item) => parseHostPort(item, 'redis cluster node'));
}

/** `password` or `user:password`, split at the first `:` (the reference's behaviour). */
export function parseRedisAuth(auth: string | undefined): { username?: string; password?: string } {
  if (auth === undefined || auth === '') return {};
  const colon = auth.indexOf(':');
  if (colon < 0) return { password: auth };
  return { username: auth.slice(0, colon), password: auth.slice(colon + 1) };
}
