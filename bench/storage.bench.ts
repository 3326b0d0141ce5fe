// `npm run bench -- storage` (or `node scripts/bench.mjs storage`): RedisCounterStore
// countMany throughput (fixed windows) against a real redis-server (started here, stopped at the end) with
// 64 concurrent callers, batching across callers on (the default: one pipeline per event-loop
// turn) vs off (KV_PIPELINE_LIMIT=2: one pipeline per call). Prints calls/s and this process's
// CPU µs per call (less sensitive to other load on a shared machine than wall-clock numbers).
import { startRedis, stopAllServers } from '@repo/test-support';
import { RedisCounterStore } from '@repo/storage';
import { runCallerRounds, runCallers, type CallerLoad } from './support/bench-rounds';

const CALLERS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Mode {
  readonly name: string;
  readonly pipelineLimit: number;
  readonly hotKey: boolean;
}

const MODES: readonly Mode[] = [
  { name: 'batched, distinct keys', pipelineLimit: 0, hotKey: false },
  { name: 'per-call pipeline, distinct keys', pipelineLimit: 2, hotKey: false },
  { name: 'batched, one hot key', pipelineLimit: 0, hotKey: true },
  { name: 'per-call pipeline, one hot key', pipelineLimit: 2, hotKey: true },
];

async function measure(url: string, mode: Mode): Promise<CallerLoad> {
  const store = new RedisCounterStore({
    backend: 'redis',
    main: { type: 'single', url, timeoutMs: 1000, pipelineWindowMs: 0, pipelineLimit: mode.pipelineLimit },
    now: Date.now,
    random: Math.random,
    jitterMaxSeconds: 300,
    healthCheckActiveConnection: false,
    startup: { initialIntervalMs: 50, maxIntervalMs: 500, maxElapsedMs: 10_000 },
  });
  await store.ready();
  const load = await runCallers(CALLERS, SECONDS, (caller) => {
    const key = mode.hotKey ? 'bench_hot' : `bench_caller_${caller}`;
    return () => store.countMany([{ key, addend: 1, windowSeconds: 60 }]);
  });
  await store.close();
  return load;
}

async function main(): Promise<void> {
  const redis = await startRedis();
  try {
    const cases = MODES.map((mode) => ({ name: mode.name, measure: () => measure(redis.url, mode) }));
    await runCallerRounds(cases, { rounds: ROUNDS, nameWidth: 34 });
  } finally {
    await redis.stop();
    await stopAllServers();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
