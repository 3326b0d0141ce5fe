import { freePortPair } from './free-port';
import { parseInfo } from './resp-command';
import { RedisServer, startRedis } from './redis-server';
import { waitFor } from './wait-for';

export interface RedisClusterTopology {
  readonly nodes: readonly RedisServer[];
  /** `127.0.0.1:p1,127.0.0.1:p2,...` (the KV_URL format for KV_TYPE=cluster). */
  readonly url: string;
  stop(): Promise<void>;
}

const SLOTS = 16384;
const BUS_PORT_OFFSET = 10000;

/**
 * Starts `masters` cluster-enabled redis-servers (no replicas), splits the 16384 slots evenly
 * with CLUSTER ADDSLOTSRANGE, joins them with CLUSTER MEET and waits for cluster_state:ok
 * on every node (the bus port of each node is its port + 10000, so both must be free).
 */
export async function startRedisCluster(options: { masters?: number } = {}): Promise<RedisClusterTopology> {
  const count = options.masters ?? 3;
  const nodes: RedisServer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePortPair(BUS_PORT_OFFSET);
      const extraConfig = [
        'cluster-enabled yes',
        `cluster-config-file nodes-${port}.conf`,
        'cluster-node-timeout 2000',
      ];
      nodes.push(await startRedis({ port, extraConfig }));
    }
    await assignSlots(nodes);
    for (const node of nodes.slice(1))
      await nodes[0].command('CLUSTER', 'MEET', node.host, String(node.port));
    await waitFor(
      async () => (await Promise.all(nodes.map((node) => isClusterOk(node, count)))).every(Boolean),
      {
        timeoutMs: 20000,
        description: 'cluster_state:ok on every node',
      },
    );
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
  return {
    nodes,
    url: nodes.map((node) => node.url).join(','),
    stop: async () => {
      await Promise.all(nodes.map((node) => node.stop()));
    },
  };
}

async function assignSlots(nodes: readonly RedisServer[]): Promise<void> {
  const perNode = Math.ceil(SLOTS / nodes.length);
  for (const [index, node] of nodes.entries()) {
    const first = index * perNode;
    const last = Math.min(SLOTS, first + perNode) - 1;
    const reply = await node.command('CLUSTER', 'ADDSLOTSRANGE', String(first), String(last));
    if (reply instanceof Error) throw reply;
  }
}

async function isClusterOk(node: RedisServer, expectedNodes: number): Promise<boolean> {
  const info = parseInfo(await node.command('CLUSTER', 'INFO'));
  return info.get('cluster_state') === 'ok' && info.get('cluster_known_nodes') === String(expectedNodes);
}
