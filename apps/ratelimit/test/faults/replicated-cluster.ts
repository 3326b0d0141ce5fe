// A Redis Cluster whose masters each have a replica, so killing a master triggers a real cluster
// failover (the shared test support starts masters only). Built on startRedisCluster: one more
// cluster-enabled node per master joins with CLUSTER MEET and follows it with CLUSTER REPLICATE.
import {
  freePortPair,
  parseInfo,
  startRedis,
  startRedisCluster,
  waitFor,
  type RedisServer,
} from '@repo/test-support';

export interface ReplicatedCluster {
  readonly masters: readonly RedisServer[];
  /** replicas[i] follows masters[i]. */
  readonly replicas: readonly RedisServer[];
  /** The masters' addresses (the KV_URL for KV_TYPE=cluster). */
  readonly url: string;
  stop(): Promise<void>;
}

const NODE_TIMEOUT_MS = 2000;

async function startClusterNode(): Promise<RedisServer> {
  const port = await freePortPair(10000);
  return startRedis({
    port,
    extraConfig: [
      'cluster-enabled yes',
      `cluster-config-file nodes-${port}.conf`,
      `cluster-node-timeout ${NODE_TIMEOUT_MS}`,
    ],
  });
}

const role = async (node: RedisServer) => parseInfo(await node.command('INFO', 'replication')).get('role');

/** Whether `node` currently serves as master (after a failover the replica does). */
export async function isMaster(node: RedisServer): Promise<boolean> {
  return (await role(node)) === 'master';
}

export async function clusterStateOk(node: RedisServer): Promise<boolean> {
  return parseInfo(await node.command('CLUSTER', 'INFO')).get('cluster_state') === 'ok';
}

export async function startReplicatedCluster(masterCount = 3): Promise<ReplicatedCluster> {
  const cluster = await startRedisCluster({ masters: masterCount });
  const replicas: RedisServer[] = [];
  try {
    for (const master of cluster.nodes) {
      const replica = await startClusterNode();
      replicas.push(replica);
      await replica.command('CLUSTER', 'MEET', master.host, String(master.port));
      const masterId = String(await master.command('CLUSTER', 'MYID'));
      // The replica must know the master's id before it can follow it.
      await waitFor(async () => String(await replica.command('CLUSTER', 'NODES')).includes(masterId), {
        timeoutMs: 15_000,
        description: `replica ${replica.port} meets master ${master.port}`,
      });
      const reply = await replica.command('CLUSTER', 'REPLICATE', masterId);
      if (reply instanceof Error) throw reply;
    }
    await waitFor(
      async () => {
        const linked = await Promise.all(
          replicas.map(
            async (replica) =>
              parseInfo(await replica.command('INFO', 'replication')).get('master_link_status') === 'up',
          ),
        );
        const ok = await Promise.all([...cluster.nodes, ...replicas].map(clusterStateOk));
        return [...linked, ...ok].every(Boolean);
      },
      { timeoutMs: 30_000, description: 'every replica linked and cluster_state:ok everywhere' },
    );
  } catch (error) {
    await Promise.all([...cluster.nodes, ...replicas].map((node) => node.stop()));
    throw error;
  }
  return {
    masters: cluster.nodes,
    replicas,
    url: cluster.url,
    stop: async () => {
      await Promise.all([...cluster.nodes, ...replicas].map((node) => node.stop()));
    },
  };
}
