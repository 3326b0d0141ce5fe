import { promises as dns } from 'node:dns';
import { StorageOptionsError } from '../storage-options-error';

export type SrvResolver = (name: string) => Promise<readonly { name: string; port: number }[]>;

const SRV_NAME = /^_(.+?)\._(.+?)\.(.+)$/;

/** Checks the `_service._proto.name` form (as the reference's srv.ParseSrv). */
export function assertSrvName(srv: string): void {
  if (!SRV_NAME.test(srv)) {
    throw new StorageOptionsError(
      `memcache SRV must look like _service._proto.name, got ${JSON.stringify(srv)}`,
    );
  }
}

/**
 * The memcached nodes behind an SRV name as `target:port`, sorted so every instance hashes keys
 * to the same node whatever order DNS answered in. Rejects when DNS fails or lists nothing.
 */
export async function resolveSrvServers(
  srv: string,
  resolve: SrvResolver = (name) => dns.resolveSrv(name),
): Promise<string[]> {
  assertSrvName(srv);
  const records = await resolve(srv);
  if (records.length === 0) throw new Error(`SRV ${srv} lists no targets`);
  return records.map((record) => `${record.name.replace(/\.$/, '')}:${record.port}`).sort();
}
