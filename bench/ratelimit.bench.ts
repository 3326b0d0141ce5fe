// `npm run bench -- ratelimit`: gRPC ShouldRateLimit under a closed-loop load against child
// processes: a bare @grpc/grpc-js server answering a canned response (the ceiling), a grpc-js +
// ioredis peer pipelining Envoy's INCRBY + EXPIRE per descriptor, and the service on the memory
// store and on a real redis-server (script and per-key commands modes, sliding windows, token
// buckets, WORKERS=2). Each server's CPU, and Redis's, is read from /proc; rounds alternate
// the targets to spread the machine's noise. The parts and their goals: bench/support/ratelimit-parts.ts.
// BENCH_ONLY (comma-separated part names), BENCH_SECONDS, BENCH_ROUNDS, BENCH_IN_FLIGHT change the run.
import { startRedis, stopAllServers } from '@repo/test-support';
import { loadLine, measurementId, runRounds, type Measurement } from './support/bench-rounds';
import { ratelimitParts } from './support/ratelimit-parts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter((name) => name !== '');

async function main(): Promise<void> {
  const redis = await startRedis();
  try {
    const all = ratelimitParts(redis.url);
    const unknown = ONLY.filter((name) => !all.some((part) => part.name === name));
    if (unknown.length > 0)
      throw new Error(
        `BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${all.map((p) => p.name).join(', ')})`,
      );
    const parts = ONLY.length === 0 ? all : all.filter((part) => ONLY.includes(part.name));
    const measurements = new Map<string, Measurement>();
    for (const part of parts) for (const m of part.measurements) measurements.set(measurementId(m), m);
    console.log(
      `parts: ${parts.map((part) => part.name).join(', ')}; ${SECONDS} s per measurement; ${loadLine()}`,
    );
    const rounds = await runRounds([...measurements.values()], {
      rounds: ROUNDS,
      seconds: SECONDS,
      redisPid: redis.pid,
    });
    for (const part of parts) {
      console.log(`\n--- ${part.name}`);
      await part.report(rounds);
    }
    console.log(`\n${loadLine()}`);
  } finally {
    await redis.stop();
    await stopAllServers();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
