// `npm run bench -- ratelimit`: gRPC ShouldRateLimit under a closed-loop load against child
// processes: a bare @grpc/grpc-js server answering a canned response (the ceiling), a grpc-js +
// ioredis peer pipelining Envoy's INCRBY + EXPIRE per descriptor, and the service as users run it
// (the production entry, default settings, statistics to a statsd listener here) on the memory
// store and on a real redis-server (script and per-key commands modes, sliding windows, token
// buckets, WORKERS=2), beside the compiled tree and on the machine's own Node where it differs. Each server's CPU, and Redis's, is read from /proc; rounds alternate
// the targets to spread the machine's noise. The parts and their goals: bench/support/ratelimit-parts.ts
// (`isolation`, the p99 of ordinary calls during hostile inputs: bench/support/isolation-part.ts).
// BENCH_ONLY (comma-separated part names), BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS,
// BENCH_IN_FLIGHT change the run.
import { startRedis, stopAllServers } from '@repo/test-support';
import { loadLine, measurementId, runRounds, type Measurement } from './support/bench-rounds';
import { machineNode } from './support/machine-node';
import { ratelimitParts } from './support/ratelimit-parts';
import { startStatsdListener } from './support/statsd-listener';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Every measurement starts a new server process; its CPU per call keeps falling for about ten
 * seconds of load (JIT tiers, the start-up heap's first collections), the bare server's too, so the
 * measured seconds come after this much load (docs/benchmarks.md#warm-up).
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter((name) => name !== '');

async function main(): Promise<void> {
  const redis = await startRedis();
  const statsd = await startStatsdListener();
  try {
    const all = ratelimitParts({ redisUrl: redis.url, statsdPort: statsd.port, otherNode: machineNode() });
    const unknown = ONLY.filter((name) => !all.some((part) => part.name === name));
    if (unknown.length > 0)
      throw new Error(
        `BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${all.map((p) => p.name).join(', ')})`,
      );
    const parts = ONLY.length === 0 ? all : all.filter((part) => ONLY.includes(part.name));
    const measurements = new Map<string, Measurement>();
    for (const part of parts) for (const m of part.measurements) measurements.set(measurementId(m), m);
    console.log(
      `parts: ${parts.map((part) => part.name).join(', ')}; ${SECONDS} s per measurement after ` +
        `${WARMUP_SECONDS} s of warm-up; ${loadLine()}`,
    );
    const rounds = await runRounds([...measurements.values()], {
      rounds: ROUNDS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      redisPid: redis.pid,
    });
    for (const part of parts) {
      console.log(`\n--- ${part.name}`);
      await part.report(rounds);
    }
    console.log(`\n${statsd.lines()} statsd lines received from the services; ${loadLine()}`);
  } finally {
    await statsd.close();
    await redis.stop();
    await stopAllServers();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
