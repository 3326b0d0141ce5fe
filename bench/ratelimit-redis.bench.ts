// `npm run bench -- ratelimit` (with ratelimit.bench.ts; alone: BENCH_ONLY=redis-busy): Redis
// work per decision when Redis is kept busy, as behind a fleet of replicas. The gRPC benchmark
// leaves Redis 98 % idle (its load generator shares 2 cores), so every batch finds Redis's caches
// cold; here callers in this process count one descriptor each in a closed loop, so batches
// follow each other. Compared: Envoy's pipeline of INCRBY + EXPIRE per request (the peer),
// RedisCounterStore with the batch script and with per-key commands, at several numbers of
// calls in flight (= keys per batch for the store). Redis's CPU from /proc per round;
// ratios against the peer of the same round, medians over rounds.
// BENCH_SECONDS, BENCH_ROUNDS, BENCH_BUSY_IN_FLIGHT (comma-separated, default 8,64,256);
// BENCH_REDIS_POOLS=4,10 adds the store spread over pools of that many connections
// (docs/stores.md#connections-per-store).
import { performance } from 'node:perf_hooks';
import { startRedis, stopAllServers } from '@repo/test-support';
import { loadLine, median } from './support/bench-rounds';
import { preciseCpuMicros } from './support/process-cpu';
import { clientKey, openPeer, openStore, openStorePool, type Decider } from './support/redis-deciders';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IN_FLIGHT = (process.env.BENCH_BUSY_IN_FLIGHT ?? '8,64,256').split(',').map(Number);
const POOLS = (process.env.BENCH_REDIS_POOLS ?? '').split(',').filter(Boolean).map(Number);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter((name) => name !== '');

interface BusyResult {
  readonly decisionsPerSecond: number;
  readonly decisionsPerRedisCpuSecond: number;
  readonly redisCores: number;
  readonly nodeMicrosPerDecision: number;
}

async function drive(decider: Decider, inFlight: number, seconds: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  let decisions = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < deadline) {
        await decider.decide(clientKey(n++));
        decisions++;
      }
    }),
  );
  return decisions;
}

async function measure(decider: Decider, inFlight: number, redisPid: number): Promise<BusyResult> {
  await drive(decider, inFlight, 1);
  const [redisBefore, cpuBefore, started] = [
    preciseCpuMicros(redisPid),
    process.cpuUsage(),
    performance.now(),
  ];
  const decisions = await drive(decider, inFlight, SECONDS);
  const elapsedSeconds = (performance.now() - started) / 1000;
  const redisSeconds = (preciseCpuMicros(redisPid) - redisBefore) / 1_000_000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    decisionsPerSecond: decisions / elapsedSeconds,
    decisionsPerRedisCpuSecond: decisions / redisSeconds,
    redisCores: redisSeconds / elapsedSeconds,
    nodeMicrosPerDecision: (cpu.user + cpu.system) / decisions,
  };
}

const thousands = (value: number) => `${(value / 1000).toFixed(0)}k`;

async function main(): Promise<void> {
  if (ONLY.length > 0 && !ONLY.includes('redis-busy')) return;
  const redis = await startRedis();
  const openers = [
    () => Promise.resolve(openPeer(redis.url)),
    () => openStore(redis.url, 'on'),
    () => openStore(redis.url, 'off'),
    ...POOLS.map((size) => () => openStorePool(redis.url, size)),
  ];
  console.log(`busy Redis, 1 descriptor per call, ${SECONDS} s per measurement; ${loadLine()}`);
  try {
    for (const inFlight of IN_FLIGHT) {
      const perName = new Map<string, BusyResult[]>();
      for (let round = 1; round <= ROUNDS; round++) {
        for (const open of openers) {
          const decider = await open();
          const result = await measure(decider, inFlight, redis.pid);
          await decider.close();
          perName.set(decider.name, [...(perName.get(decider.name) ?? []), result]);
          console.log(
            `round ${round}, ${inFlight} in flight, ${decider.name.padEnd(36)} ${Math.round(result.decisionsPerSecond)} decisions/s, ` +
              `Redis ${result.redisCores.toFixed(2)} cores = ${thousands(result.decisionsPerRedisCpuSecond)} decisions/Redis-CPU-s, ` +
              `${result.nodeMicrosPerDecision.toFixed(1)} µs Node CPU/decision`,
          );
        }
      }
      report(inFlight, perName);
    }
    console.log(loadLine());
  } finally {
    await redis.stop();
    await stopAllServers();
  }
}

function report(inFlight: number, perName: Map<string, BusyResult[]>): void {
  const [peer, ...stores] = [...perName.entries()];
  const perCpu = (results: BusyResult[]) => results.map((result) => result.decisionsPerRedisCpuSecond);
  for (const [name, results] of perName)
    console.log(
      `${inFlight} in flight, ${name}: ${thousands(median(perCpu(results)))} decisions per Redis-CPU-second (median)`,
    );
  for (const [name, results] of stores) {
    const ratios = perCpu(results).map((value, round) => value / perCpu(peer[1])[round]);
    const shown = ratios.map((ratio) => `${ratio.toFixed(2)}x`).join(', ');
    console.log(
      `${inFlight} in flight, ${name}: ${median(ratios).toFixed(2)}x the peer's (median; rounds: ${shown})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
