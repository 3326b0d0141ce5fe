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
import { loadLine, runCallerRounds, runCallers, type CallerLoad } from './support/bench-rounds';

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
): Promise<CallerLoad> {
  const client = make({ servers, connectionsPerServer: 2, timeoutMs: 1000 });
  const load = await runCallers(CALLERS, SECONDS, (caller) => {
    const keys = Array.from({ length: DESCRIPTORS }, (_, d) => `bench_${round}_${caller}_${d}`);
    return () => storeCall(client, keys);
  });
  client.close();
  return load;
}

async function main(): Promise<void> {
  const nodes: MemcachedServer[] = await Promise.all([startMemcached(), startMemcached(), startMemcached()]);
  const layouts = { '1 node': [nodes[0].url], '3 nodes': nodes.map((node) => node.url) };
  console.log(
    `${CALLERS} callers, ${DESCRIPTORS} keys per call, ${SECONDS} s per measurement; ${loadLine()}`,
  );
  try {
    const cases = Object.entries(layouts).flatMap(([layout, servers]) =>
      Object.entries(CLIENTS).map(([name, make]) => ({
        name: `${name}, ${layout}`,
        measure: (round: number) => measure(make, servers, round),
      })),
    );
    await runCallerRounds(cases, { rounds: ROUNDS, nameWidth: 26 });
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
