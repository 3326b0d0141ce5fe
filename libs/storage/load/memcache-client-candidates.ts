// The two memcached clients docs/stores.md compares (bench/memcached.bench.ts measures them, and
// memcache-clients.int-spec.ts checks they answer alike): the hand-written one the store uses, and
// the npm package memcache-client behind the same three calls, one client per node so keys keep
// the reference's `crc32 % n` placement (pickServer) instead of the package's own.
import type { ConnectionOptions } from 'node:tls';
import { MemcacheClient as NpmMemcacheClient, type MultiRetrievalResponse } from 'memcache-client';
import { MemcacheClient } from '../src/memcached/memcache-client';
import { pickServer } from '../src/memcached/pick-server';

/** What MemcachedCounterStore asks of a client. */
export interface CandidateClient {
  getMulti(keys: readonly string[]): Promise<Map<string, string>>;
  /** New value, or undefined when the key does not exist. */
  incr(key: string, delta: number): Promise<number | undefined>;
  /** false when the key exists (NOT_STORED). */
  add(key: string, value: string, expirySeconds: number): Promise<boolean>;
  close(): void;
}

export interface CandidateOptions {
  readonly servers: readonly string[];
  readonly connectionsPerServer: number;
  readonly timeoutMs: number;
  readonly tls?: ConnectionOptions;
}

export function handWrittenClient(options: CandidateOptions): CandidateClient {
  return new MemcacheClient(options);
}

/** memcache-client, one instance per node, placed by pickServer. */
export function npmPackageClient(options: CandidateOptions): CandidateClient {
  const nodes = options.servers.map(
    (server) =>
      new NpmMemcacheClient({
        server: { server, maxConnections: options.connectionsPerServer },
        cmdTimeout: options.timeoutMs,
        connectTimeout: options.timeoutMs,
        ...(options.tls ? { tls: options.tls } : {}),
      }),
  );
  const nodeFor = (key: string) => pickServer(nodes, key);
  return {
    async getMulti(keys) {
      const byNode = new Map<NpmMemcacheClient, string[]>();
      for (const key of keys) byNode.set(nodeFor(key), [...(byNode.get(nodeFor(key)) ?? []), key]);
      const replies = await Promise.all(
        [...byNode].map(([node, nodeKeys]) => node.get<MultiRetrievalResponse>(nodeKeys)),
      );
      const found = new Map<string, string>();
      for (const reply of replies)
        for (const [key, { value }] of Object.entries(reply)) found.set(key, String(value));
      return found;
    },
    async incr(key, delta) {
      try {
        return Number(await nodeFor(key).incr(key, delta));
      } catch (error) {
        if ((error as Error).message === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    async add(key, value, expirySeconds) {
      try {
        await nodeFor(key).add(key, value, { lifetime: expirySeconds });
        return true;
      } catch (error) {
        if ((error as Error).message === 'NOT_STORED') return false;
        throw error;
      }
    },
    close() {
      for (const node of nodes) node.shutdown();
    },
  };
}
