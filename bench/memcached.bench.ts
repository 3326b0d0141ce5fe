// `npm run bench -- memcached`: the two memcached clients of docs/stores.md#memcache (the hand-written
// one the store uses, the npm package memcache-client placed by the same crc32 % n) doing what
// MemcachedCounterStore does per descriptor: one multi-get, then incr (add on a miss), with 64
// concurrent callers against real memcached processes (one node, three nodes), rounds alternating
// the clients. Prints calls/s and this process's CPU µs per call (less sensitive to other load on a
// shared machine than wall-clock numbers).
import { startMemcached, stopAllServers, type MemcachedServer } from '@repo/test-support';
import {
  handWrittenClient,
  npmPackageClient,
  type CandidateClient,
  type CandidateOptions,
} from '../libs/storage/load/memcache-client-candidates';
import { loadLine } from './support/bench-rounds';

const CALLERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DESCRIPTORS = 2;

const CLIENTS: Readonly<Record<string, (options: CandidateOptions) => CandidateClient>> = {
  'hand-written': handWrittenClient,
  'memcache-client': npmPackageClient,
};

/** The store's wire work for one call: a multi-get of every key, then an incr per key (add on a miss). */
async function storeCall(client: CandidateClient, keys: readonly string[]): Promise<void> {
  await client.getMulti(keys);
  await Promise.all(
    keys.map(async (key) => {
      if ((await client.incr(key, 1)) === undefined && !(await client.add(key, '1', 60)))
        await client.incr(key, 1);
    }),
  );
}

async function measure(
  make: (options: CandidateOptions) => CandidateClient,
  servers: readonly string[],
  round: number,
): Promise<{ callsPerSecond: number; cpuMicrosPerCall: number }> {
  const client = make({ servers, connectionsPerServer: 2, timeoutMs: 1000 });
  let calls = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async (_, caller) => {
      const keys = Array.from({ length: DESCRIPTORS }, (_, d) => `bench_${round}_${caller}_${d}`);
      while (Date.now() < deadline) {
        await storeCall(client, keys);
        calls++;
      }
    }),
  );
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  client.close();
  return { callsPerSecond: calls / elapsedSeconds, cpuMicrosPerCall: (cpu.user + cpu.system) / calls };
}

async function main(): Promise<void> {
  const nodes: MemcachedServer[] = await Promise.all([startMemcached(), startMemcached(), startMemcached()]);
  const layouts = { '1 node': [nodes[0].url], '3 nodes': nodes.map((node) => node.url) };
  console.log(
    `${CALLERS} callers, ${DESCRIPTORS} keys per call, ${SECONDS} s per measurement; ${loadLine()}`,
  );
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [layout, servers] of Object.entries(layouts)) {
        for (const [name, make] of Object.entries(CLIENTS)) {
          const { callsPerSecond, cpuMicrosPerCall } = await measure(make, servers, round);
          const line = `${Math.round(callsPerSecond)} calls/s, ${cpuMicrosPerCall.toFixed(1)} µs CPU/call`;
          console.log(`round ${round} ${`${name}, ${layout}`.padEnd(26)} ${line}`);
        }
      }
    }
    console.log(loadLine());
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await stopAllServers();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
