// Part `several-limits` of `npm run bench -- ratelimit`: a rule with two items
// (`rate_limits`: a second and a day) against a rule with one `rate_limit`, on Redis with the
// batch script. Goals: at most 1.3x the server CPU per call, and no more Redis round trips (script
// calls) per call. After the rounds it sends a fixed number of calls to each and reads Redis's
// INFO commandstats around them: script calls and the commands inside them, per call.
// BENCH_BASELINE_MAIN=<another build>/apps/ratelimit/main.js adds that build's one-limit figure,
// to check that a request without rate_limits got no slower.
import { performance } from 'node:perf_hooks';
import { redisCommandCalls, respCommand } from '@repo/test-support';
import { createRlsClient } from '../../apps/ratelimit/load/rls-client';
import {
  measurementId,
  percent,
  reportMedian,
  type BenchPart,
  type Measurement,
  type Round,
} from './bench-rounds';
import { serviceTarget, type Target } from './ratelimit-targets';
import { ONE_DESCRIPTOR } from './ratelimit-workloads';

/** Limits never reached, so every call is a full decision. */
const ONE_LIMIT = `
domain: bench
descriptors:
  - key: client_id
    rate_limit: { unit: second, requests_per_unit: 100000000 }
`;
const TWO_LIMITS = `
domain: bench
descriptors:
  - key: client_id
    rate_limits:
      - { unit: second, requests_per_unit: 100000000 }
      - { unit: day, requests_per_unit: 100000000 }
`;
/** Calls of the Redis-work probe per target. */
const PROBE_CALLS = Number(process.env.BENCH_PROBE_CALLS ?? 20_000);

const times = (ratio: number) => `${ratio.toFixed(2)}x`;
const perCall = (value: number) => value.toFixed(3);

export function severalLimitsPart(redisUrl: string, statsdPort: number): BenchPart {
  const redis = { BACKEND_TYPE: 'redis', REDIS_URL: redisUrl, KV_INCREMENT_SCRIPT: 'true' };
  const one = serviceTarget('service, Redis, rate_limit (1 limit)', redis, { statsdPort, rules: ONE_LIMIT });
  const two = serviceTarget('service, Redis, rate_limits (second + day)', redis, {
    statsdPort,
    rules: TWO_LIMITS,
  });
  const baselineMain = process.env.BENCH_BASELINE_MAIN;
  const baseline =
    baselineMain === undefined
      ? undefined
      : serviceTarget('baseline build, Redis, rate_limit (1 limit)', redis, {
          statsdPort,
          rules: ONE_LIMIT,
          main: baselineMain,
        });
  const on = (target: Target): Measurement => ({ target, workload: ONE_DESCRIPTOR });
  const measured = [one, two, ...(baseline ? [baseline] : [])].map(on);
  return {
    name: 'several-limits',
    measurements: measured,
    report: async (rounds) => {
      const cpuPerCall = (round: Round, target: Target) =>
        round.get(measurementId(on(target)))!.serverCpuMicrosPerCall;
      const ratio = (over: Target, under: Target) =>
        rounds.map((round) => cpuPerCall(round, over) / cpuPerCall(round, under));
      for (const target of [one, two])
        reportMedian(
          target.name,
          rounds.map((round) => cpuPerCall(round, target)),
          'µs server CPU per call',
          (v) => v.toFixed(1),
        );
      reportMedian(
        two.name,
        ratio(two, one),
        'the server CPU per call of one rate_limit (goal <= 1.30x)',
        times,
      );
      if (baseline !== undefined) {
        const speed = rounds.map((round) => cpuPerCall(round, baseline) / cpuPerCall(round, one));
        reportMedian(
          one.name,
          speed,
          "of the baseline build's calls per server CPU-second (no slower: >= 100 %)",
          percent,
        );
      }
      const [host, port] = redisUrl.split(':');
      const server = { command: (...args: string[]) => respCommand({ host, port: Number(port) }, args) };
      const work = [await redisWork(one, server), await redisWork(two, server)];
      for (const [index, target] of [one, two].entries()) {
        const { scriptCalls, commands } = work[index];
        console.log(
          `${target.name}: ${perCall(scriptCalls)} script calls (round trips) and ${perCall(commands)} Redis commands per call (${PROBE_CALLS} calls)`,
        );
      }
      console.log(
        `${two.name}: ${times(work[1].scriptCalls / work[0].scriptCalls)} the round trips per call of one rate_limit (goal <= 1.00x, batching noise aside); ` +
          `${times(work[1].commands / work[0].commands)} its Redis commands (one INCR per item)`,
      );
    },
  };
}

interface RedisWork {
  /** EVALSHA + EVAL per call: the store's round trips to Redis. */
  readonly scriptCalls: number;
  /** The commands the script ran per call (INCR, INCRBY, EXPIRE, GET...). */
  readonly commands: number;
}

/** Starts `target`, sends PROBE_CALLS calls (64 in flight) and reads Redis's command counts around them. */
async function redisWork(
  target: Target,
  server: Parameters<typeof redisCommandCalls>[0],
): Promise<RedisWork> {
  const { child, port } = await target.start(ONE_DESCRIPTOR.descriptors);
  const client = createRlsClient(`127.0.0.1:${port}`);
  try {
    await sendCalls(client, 1000); // warm-up: connections made, script loaded
    const before = await redisCommandCalls(server);
    await sendCalls(client, PROBE_CALLS);
    const after = await redisCommandCalls(server);
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    let commands = 0;
    for (const name of after.keys()) if (name !== 'info') commands += delta(name);
    const scriptCalls = delta('evalsha') + delta('eval');
    return { scriptCalls: scriptCalls / PROBE_CALLS, commands: (commands - scriptCalls) / PROBE_CALLS };
  } finally {
    client.close();
    child.kill('SIGKILL');
  }
}

async function sendCalls(client: ReturnType<typeof createRlsClient>, calls: number): Promise<void> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: ONE_DESCRIPTOR.inFlight }, async () => {
      while (next < calls) await client.shouldRateLimit(ONE_DESCRIPTOR.request(next++));
    }),
  );
  if (performance.now() - started > 120_000) throw new Error('the Redis-work probe took over 2 minutes');
}
