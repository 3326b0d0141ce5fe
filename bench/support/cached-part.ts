// Part `cached` of `npm run bench -- ratelimit`: a limit with `counting: cached` on Redis
// (docs/stores.md#cached-counting) beside the naive peer (INCRBY + EXPIRE per call), exact
// counting with the batch script, and the memory store, all the production entry at 64 in flight
// over 100 client ids. Goals: decisions per Redis-CPU-second >= 30x the peer's (exact counting:
// 3.65x); server CPU per call <= 1.10x the memory store's; p50 within 0.050 ms of the memory
// store's, at 64 in flight and at 1 (the latency of one call). Every figure is a ratio (or a
// difference) within a round, then the median over rounds.
import type { LoadResult } from './grpc-load';
import { median, reportMedian, type BenchPart, type Measurement, type Round } from './bench-rounds';
import { on, perRound, pooledPerCpu, ratios } from './part-figures';
import { serviceTarget, type Target } from './ratelimit-targets';
import { HUNDRED_KEYS, HUNDRED_KEYS_ONE_AT_A_TIME } from './ratelimit-workloads';

/** A limit never reached, counted in the cache: every call is a full decision. */
export const CACHED_RULES = `
domain: bench
descriptors:
  - key: client_id
    rate_limit: { unit: minute, requests_per_unit: 100000000, counting: cached }
`;

export interface CachedPartTargets {
  readonly peer: Target;
  /** The service on Redis with exact counting (the batch script), the same rule without `counting`. */
  readonly exact: Target;
  readonly memory: Target;
  readonly redisUrl: string;
  readonly statsdPort: number;
}

const thousands = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)}k` : 'inf');
const times = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'inf');
const ms = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(3)} ms`;

/**
 * Net of Redis's idle CPU, a cached load can cost Redis less than the noise of its cron: the
 * figure comes out negative or infinite, shown as `inf` rather than as a number that means nothing.
 */
const netPerRedisCpu = (result: LoadResult) => {
  if (result.calls === 0) return 0;
  return result.decisionsPerRedisLoadCpuSecond > 0 ? result.decisionsPerRedisLoadCpuSecond : Infinity;
};

/** Redis's CPU per second of load (ms), all of it: its cron (about 2 ms/s) included. */
const redisMsPerSecond = (result: LoadResult) =>
  result.decisionsPerRedisCpuSecond > 0
    ? (result.callsPerSecond / result.decisionsPerRedisCpuSecond) * 1000
    : 0;

export function cachedPart({ peer, exact, memory, redisUrl, statsdPort }: CachedPartTargets): BenchPart {
  const cachedTarget = serviceTarget(
    'service, Redis, counting: cached',
    { BACKEND_TYPE: 'redis', REDIS_URL: redisUrl },
    { statsdPort, rules: CACHED_RULES },
  );
  const [naive, script, cached, inMemory] = [peer, exact, cachedTarget, memory].map((target) =>
    on(target, HUNDRED_KEYS),
  );
  const [cachedAlone, memoryAlone] = [cachedTarget, memory].map((target) =>
    on(target, HUNDRED_KEYS_ONE_AT_A_TIME),
  );
  return {
    name: 'cached',
    measurements: [naive, script, cached, inMemory, cachedAlone, memoryAlone],
    report: (rounds) => {
      for (const measurement of [naive, script, cached])
        reportMedian(
          measurement.target.name,
          perRound(rounds, measurement, redisMsPerSecond),
          'ms of Redis CPU per second of load',
          (value) => value.toFixed(2),
        );
      reportRedisWork(rounds, naive, [
        [script, 'the issue measured 3.65x'],
        [cached, 'goal >= 30x'],
      ]);
      reportServerCpu(rounds, cached, inMemory);
      for (const [over, under] of [
        [cached, inMemory],
        [cachedAlone, memoryAlone],
      ])
        reportP50(rounds, over, under);
    },
  };
}

/** Decisions per Redis-CPU-second of each, raw and net of Redis's idle CPU, and over the peer's. */
function reportRedisWork(rounds: Round[], peer: Measurement, services: [Measurement, string][]) {
  for (const [pick, what] of [
    [(result: LoadResult) => result.decisionsPerRedisCpuSecond, 'decisions per Redis-CPU-second'],
    [netPerRedisCpu, 'decisions per Redis-CPU-second net of its idle CPU'],
  ] as const) {
    for (const measurement of [peer, ...services.map(([service]) => service)])
      reportMedian(measurement.target.name, perRound(rounds, measurement, pick), what, thousands);
    for (const [measurement, note] of services)
      reportMedian(
        measurement.target.name,
        ratios(rounds, measurement, peer, pick),
        `the peer's ${what} (${note})`,
        times,
      );
  }
}

/** Server CPU per call of `over` over `under`'s: the median of rounds, and pooled over them. */
function reportServerCpu(rounds: Round[], over: Measurement, under: Measurement) {
  const what = "the memory store's server CPU per call (goal <= 1.10x)";
  const perCall = (result: LoadResult) => result.serverCpuMicrosPerCall;
  reportMedian(over.target.name, ratios(rounds, over, under, perCall), what, times);
  const pooled = pooledPerCpu(rounds, under) / pooledPerCpu(rounds, over);
  console.log(`${over.target.name}: ${times(pooled)} ${what} (pooled over ${rounds.length} rounds)`);
}

/**
 * p50 of `over` minus `under`'s, per round (goal within 0.050 ms). At 64 in flight a call's
 * latency is mostly its wait behind the 63 others, so the figure moves with the calls/s each
 * reached; at 1 in flight it is the latency of one call.
 */
function reportP50(rounds: Round[], over: Measurement, under: Measurement) {
  const p50 = (measurement: Measurement) => perRound(rounds, measurement, (result) => result.p50Ms);
  const [overP50, underP50] = [p50(over), p50(under)];
  reportMedian(
    `${over.target.name}, ${over.workload.name}`,
    overP50.map((value, i) => value - underP50[i]),
    `p50 vs the memory store's (its median ${median(underP50).toFixed(3)} ms; goal within 0.050 ms)`,
    ms,
  );
}
