// The one place that picks an executor by topology: the executors implement RedisExecutor
// (redis-executor.ts) and this file alone knows them all, so none of them imports back.
import type { RedisConnectionOptions } from '../counter-store-options';
import { ClusterExecutor } from './cluster-executor';
import { createClusterClient, createServerClient } from './create-redis-client';
import type { RedisExecutor } from './redis-executor';
import { ServerExecutor } from './server-executor';

/** The executor of one store with its ioredis client, connecting in the background. */
export function createRedisExecutor(options: RedisConnectionOptions, isClosed: () => boolean): RedisExecutor {
  return options.type === 'cluster'
    ? new ClusterExecutor(createClusterClient(options, isClosed))
    : new ServerExecutor(createServerClient(options, isClosed));
}
