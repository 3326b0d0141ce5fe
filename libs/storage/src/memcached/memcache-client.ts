import type { ConnectionOptions } from 'node:tls';
import { parseHostPort } from '../parse-host-port';
import { MemcacheConnection } from './memcache-connection';
import { parseGetReply, parseIncrReply, parseStoreReply } from './memcache-responses';
import { pickServer } from './pick-server';

export interface MemcacheClientOptions {
  /** `host:port` of every node, in hashing order. */
  readonly servers: readonly string[];
  /** Connections kept per node (ALTCACHE_MAX_IDLE_CONNS, at least 1); commands rotate over them. */
  readonly connectionsPerServer: number;
  readonly tls?: ConnectionOptions;
  readonly timeoutMs: number;
}

/** The connections of one node, opened lazily and replaced when they fail. */
class NodePool {
  private readonly connections: (MemcacheConnection | undefined)[];
  private readonly host: string;
  private readonly port: number;
  private next = 0;

  /** Throws StorageOptionsError for an address that is not host:port (found at start-up). */
  constructor(
    readonly address: string,
    private readonly options: MemcacheClientOptions,
  ) {
    ({ host: this.host, port: this.port } = parseHostPort(address, 'memcache node'));
    this.connections = new Array(Math.max(1, Math.floor(options.connectionsPerServer))).fill(undefined);
  }

  connection(): MemcacheConnection {
    const slot = this.next;
    this.next = (this.next + 1) % this.connections.length;
    const current = this.connections[slot];
    if (current?.isUsable) return current;
    const { host, port } = parseHostPort(this.address, 'memcache node');
    const fresh = new MemcacheConnection({
      host,
      port,
      tls: this.options.tls,
      timeoutMs: this.options.timeoutMs,
    });
    this.connections[slot] = fresh;
    return fresh;
  }

  close(): void {
    for (const connection of this.connections) connection?.close();
    this.connections.fill(undefined);
  }
}

/**
 * A small memcached text-protocol client for exactly what the counter store needs: multi-key
 * get, incr and add, over TCP or TLS, keys spread over nodes with pickServer. Kept over the npm
 * package memcache-client, which does the same behind our picker, on measurement: see
 * docs/stores.md#which-memcached-client. Keys must be valid wire keys (see toMemcacheKey).
 */
export class MemcacheClient {
  private pools: NodePool[] = [];

  constructor(private readonly options: MemcacheClientOptions) {
    this.setServers(options.servers);
  }

  get servers(): readonly string[] {
    return this.pools.map((pool) => pool.address);
  }

  /** Replaces the node list (SRV refresh): keeps connections of nodes still listed. */
  setServers(servers: readonly string[]): void {
    const old = new Map(this.pools.map((pool) => [pool.address, pool]));
    this.pools = servers.map((address) => old.get(address) ?? new NodePool(address, this.options));
    for (const [address, pool] of old) if (!servers.includes(address)) pool.close();
  }

  /** Values of the keys found (one `get k1 k2 ...` per node, in parallel). */
  async getMulti(keys: readonly string[]): Promise<Map<string, string>> {
    const byNode = new Map<NodePool, string[]>();
    for (const key of keys) {
      const pool = this.poolFor(key);
      const list = byNode.get(pool);
      if (list) list.push(key);
      else byNode.set(pool, [key]);
    }
    const replies = await Promise.all(
      [...byNode].map(([pool, nodeKeys]) =>
        pool.connection().send(`get ${nodeKeys.join(' ')}\r\n`, parseGetReply),
      ),
    );
    return replies.length === 1 ? replies[0] : new Map(replies.flatMap((reply) => [...reply]));
  }

  /** New value, or undefined when the key does not exist. */
  incr(key: string, delta: number): Promise<number | undefined> {
    return this.poolFor(key).connection().send(`incr ${key} ${delta}\r\n`, parseIncrReply);
  }

  /** Stores `value` only if the key does not exist; false when it does (NOT_STORED). */
  add(key: string, value: string, expirySeconds: number): Promise<boolean> {
    const data = Buffer.byteLength(value);
    return this.poolFor(key)
      .connection()
      .send(`add ${key} 0 ${expirySeconds} ${data}\r\n${value}\r\n`, parseStoreReply);
  }

  close(): void {
    for (const pool of this.pools) pool.close();
    this.pools = [];
  }

  private poolFor(key: string): NodePool {
    if (this.pools.length === 0) throw new Error('no memcache servers (empty server list)');
    return pickServer(this.pools, key);
  }
}
