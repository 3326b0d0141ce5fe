// Connection statistics as the reference's radix pool trace reports them (`cx_total` when a
// connection is made, `cx_local_close` when one closes; `cx_active` = the difference). ioredis
// keeps one connection per store (per node in a cluster) and reconnects it: each time it becomes
// ready counts as a new connection, and each close of a ready connection as a close.
import { Cluster, type Redis } from 'ioredis';
import type { RedisClient } from './create-redis-client';

export type ConnectionEvent = 'cx_total' | 'cx_local_close';

export function trackConnections(client: RedisClient, report: (event: ConnectionEvent) => void): void {
  const watch = (connection: Redis | Cluster) => {
    let isUp = false;
    connection.on('ready', () => {
      isUp = true;
      report('cx_total');
    });
    connection.on('close', () => {
      if (!isUp) return;
      isUp = false;
      report('cx_local_close');
    });
  };
  if (client instanceof Cluster) client.on('+node', (node: Redis) => watch(node));
  else watch(client);
}
