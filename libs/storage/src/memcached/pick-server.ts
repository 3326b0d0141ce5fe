import { crc32 } from 'node:zlib';

/**
 * Key -> node, the same on every instance for the same node list: CRC-32 (IEEE) of the key
 * modulo the number of nodes, exactly as gomemcache's ServerList.PickServer that the reference
 * uses, so our instances and Go instances sharing the memcached nodes agree on placement.
 * Node lists from SRV are sorted before use (as the reference sorts them); a ALTCACHE_HOST_PORT
 * list is used in the order given (as the reference does).
 */
export function pickServer<T>(servers: readonly T[], key: string): T {
  if (servers.length === 1) return servers[0];
  return servers[crc32(key) % servers.length];
}
