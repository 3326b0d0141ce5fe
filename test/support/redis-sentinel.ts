import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBinary } from './ensure-binary';
import { freePort } from './free-port';
import { ManagedProcess } from './managed-process';
import { LOOPBACK, ManagedServer, RedisServer, ServerHandle, startRedis } from './redis-server';
import { parseInfo, respCommand } from './resp-command';
import { scratchDir } from './scratch-dir';
import { waitFor } from './wait-for';

export interface RedisSentinelTopology {
  readonly masterName: string;
  /** The current master (swapped with `replica` by failover()). */
  readonly master: RedisServer;
  readonly replica: RedisServer;
  readonly sentinels: readonly ManagedServer[];
  readonly sentinelAddresses: readonly { host: string; port: number }[];
  /** `mymaster,127.0.0.1:s1,127.0.0.1:s2,127.0.0.1:s3` (the KV_URL format for KV_TYPE=sentinel). */
  readonly url: string;
  /** Forces SENTINEL FAILOVER and resolves once the replica has become the master everywhere. */
  failover(): Promise<void>;
  stop(): Promise<void>;
}

const MASTER_NAME = 'mymaster';

function sentinelConfig(port: number, masterPort: number): string {
  return [
    `port ${port}`,
    `bind ${LOOPBACK}`,
    `sentinel monitor ${MASTER_NAME} ${LOOPBACK} ${masterPort} 2`,
    `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
    `sentinel failover-timeout ${MASTER_NAME} 5000`,
    `sentinel parallel-syncs ${MASTER_NAME} 1`,
    '',
  ].join('\n');
}

async function startSentinel(masterPort: number): Promise<ManagedServer> {
  const binary = ensureBinary('redis-sentinel', 'redis-sentinel');
  const port = await freePort();
  const dir = scratchDir(`sentinel-${port}`);
  // Sentinel rewrites its config file, so each one gets its own writable copy.
  const configFile = join(dir, 'sentinel.conf');
  writeFileSync(configFile, sentinelConfig(port, masterPort));
  const process = new ManagedProcess({
    command: binary,
    args: [configFile],
    logFile: join(dir, 'sentinel.log'),
    description: `redis-sentinel on port ${port}`,
    waitUntilReady: async () => {
      await waitFor(async () => (await respCommand({ host: LOOPBACK, port }, ['PING'])) === 'PONG', {
        timeoutMs: 10000,
        description: 'sentinel PING',
      });
    },
  });
  await process.start();
  return new ServerHandle(process, port);
}

const sentinelSays = (sentinel: ManagedServer, ...args: string[]) =>
  respCommand({ host: sentinel.host, port: sentinel.port }, ['SENTINEL', ...args]);

/** Master and replica agree on replication, and every sentinel knows the replica and the other sentinels. */
async function waitUntilMonitored(
  master: RedisServer,
  replica: RedisServer,
  sentinels: readonly ManagedServer[],
) {
  await waitFor(
    async () => parseInfo(await replica.command('INFO', 'replication')).get('master_link_status') === 'up',
    {
      timeoutMs: 15000,
      description: 'replica linked to master',
    },
  );
  const sentinelReady = async (sentinel: ManagedServer) => {
    const replicas = JSON.stringify(await sentinelSays(sentinel, 'REPLICAS', MASTER_NAME));
    const others = (await sentinelSays(sentinel, 'SENTINELS', MASTER_NAME)) as unknown[];
    return (
      replicas.includes(String(replica.port)) &&
      Array.isArray(others) &&
      others.length === sentinels.length - 1
    );
  };
  await waitFor(async () => (await Promise.all(sentinels.map(sentinelReady))).every(Boolean), {
    timeoutMs: 20000,
    description: 'sentinels to discover the replica and each other',
  });
}

/** Starts a master, a replica and three sentinels (quorum 2) watching master name `mymaster`. */
export async function startRedisSentinel(): Promise<RedisSentinelTopology> {
  const master = await startRedis();
  const replica = await startRedis({ extraConfig: [`replicaof ${LOOPBACK} ${master.port}`] });
  const sentinels = await Promise.all([0, 1, 2].map(() => startSentinel(master.port)));
  const topology = new SentinelTopology(master, replica, sentinels);
  try {
    await waitUntilMonitored(master, replica, sentinels);
  } catch (error) {
    await topology.stop();
    throw error;
  }
  return topology;
}

class SentinelTopology implements RedisSentinelTopology {
  readonly masterName = MASTER_NAME;

  constructor(
    public master: RedisServer,
    public replica: RedisServer,
    readonly sentinels: readonly ManagedServer[],
  ) {}

  get sentinelAddresses() {
    return this.sentinels.map(({ host, port }) => ({ host, port }));
  }

  get url(): string {
    return [MASTER_NAME, ...this.sentinels.map(({ host, port }) => `${host}:${port}`)].join(',');
  }

  async failover(): Promise<void> {
    const next = this.replica;
    const reply = await sentinelSays(this.sentinels[0], 'FAILOVER', MASTER_NAME);
    if (reply instanceof Error) throw reply;
    const announced = async (sentinel: ManagedServer) => {
      const address = (await sentinelSays(sentinel, 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME)) as string[];
      return address?.[1] === String(next.port);
    };
    await waitFor(
      async () =>
        parseInfo(await next.command('INFO', 'replication')).get('role') === 'master' &&
        (await Promise.all(this.sentinels.map(announced))).every(Boolean),
      { timeoutMs: 20000, description: `failover to the replica on port ${next.port}` },
    );
    [this.master, this.replica] = [next, this.master];
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sentinels, this.master, this.replica].map((server) => server.stop()));
  }
}
