// The parts of `npm run bench -- ratelimit`, each a set of measurements and the figures it
// derives from them per round (ratios within one round, then the median over rounds). Select
// parts with BENCH_ONLY=production,ceiling,algorithms,redis-work,latency,workers,several-limits,
// console,isolation,cached, node (default: all; `node` only when the machine's own Node differs from the one
// running the benchmark). `isolation` runs its own windows (isolation-part.ts).
import type { LoadResult } from './grpc-load';
import { median, percent, reportMedian, type BenchPart, type Measurement } from './bench-rounds';
import { on, perCpuRatioPart, perRound, ratios } from './part-figures';
import { nodePart, productionPart } from './runtime-parts';
import {
  bareTarget,
  pipelinedPeerTarget,
  serviceTarget,
  type ServiceTargetOptions,
  type Target,
} from './ratelimit-targets';
import { ONE_AT_A_TIME, ONE_DESCRIPTOR, TWO_CONNECTIONS, TWO_DESCRIPTORS } from './ratelimit-workloads';
import { consolePart } from './console-part';
import { severalLimitsPart } from './several-limits-part';
import { isolationPart } from './isolation-part';
import { cachedPart } from './cached-part';

export interface PartOptions {
  readonly redisUrl: string;
  /** The statsd listener the services send their statistics to. */
  readonly statsdPort: number;
  /** The machine's own Node when it is not the one running the benchmark (see machine-node.ts). */
  readonly otherNode?: { readonly name: string; readonly path: string };
}

export function ratelimitParts({ redisUrl, statsdPort, otherNode }: PartOptions): BenchPart[] {
  const redis = { BACKEND_TYPE: 'redis', REDIS_URL: redisUrl };
  const memoryStore = { BACKEND_TYPE: 'memory' };
  const service = (name: string, env: Record<string, string>, options: Partial<ServiceTargetOptions> = {}) =>
    serviceTarget(name, env, { statsdPort, ...options });
  const memory = service('service, memory store', memoryStore);
  const script = service('service, Redis script', redis);
  const commands = service('service, Redis commands', { ...redis, KV_INCREMENT_SCRIPT: 'false' });
  const sliding = service('service, Redis, sliding_window', redis, { algorithm: 'sliding_window' });
  const bucket = service('service, Redis, token_bucket', redis, { algorithm: 'token_bucket' });
  const workers = service('service, Redis script, WORKERS=2', { ...redis, WORKERS: '2' });
  const compiledMemory = service('compiled tree, memory store', memoryStore, { entry: 'compiled' });
  const compiledScript = service('compiled tree, Redis script', redis, { entry: 'compiled' });
  const peer = pipelinedPeerTarget(redisUrl);
  const parts = [
    productionPart([memory, compiledMemory], [script, compiledScript]),
    ceilingPart([memory, script, commands]),
    algorithmsPart(script, [sliding, bucket]),
    redisWorkPart(peer, [script, commands]),
    latencyPart(memory, script),
    workersPart(script, workers),
    severalLimitsPart(redisUrl, statsdPort),
    consolePart(statsdPort),
    isolationPart(redisUrl, statsdPort),
    cachedPart({ peer, exact: script, memory, redisUrl, statsdPort }),
  ];
  if (otherNode === undefined) return parts;
  const memoryOnOther = service(`service, memory store, ${otherNode.name}`, memoryStore, {
    node: otherNode.path,
  });
  return [...parts, nodePart(memory, memoryOnOther)];
}

/** The service's calls per server CPU-second over the bare server's (goal with Redis: >= 70 %). */
function ceilingPart(services: Target[]): BenchPart {
  const measured = services.map((service) => on(service, TWO_DESCRIPTORS));
  const what = "of the ceiling's calls per server CPU-second (goal with Redis >= 70 %)";
  return perCpuRatioPart('ceiling', on(bareTarget, TWO_DESCRIPTORS), measured, what);
}

/** Sliding windows and token buckets within 10 % of fixed windows on Redis. */
function algorithmsPart(fixed: Target, algorithms: Target[]): BenchPart {
  const measured = algorithms.map((target) => on(target, TWO_DESCRIPTORS));
  const what = 'of fixed windows on Redis, calls per server CPU-second (goal >= 90 %)';
  return perCpuRatioPart('algorithms', on(fixed, TWO_DESCRIPTORS), measured, what);
}

/** Decisions per Redis-CPU-second: the service >= 3.5x the pipelined peer. */
function redisWorkPart(peer: Target, services: Target[]): BenchPart {
  const baseline = on(peer, ONE_DESCRIPTOR);
  const measured = services.map((service) => on(service, ONE_DESCRIPTOR));
  const perRedisCpu = (result: LoadResult) => result.decisionsPerRedisCpuSecond;
  const perRedisLoadCpu = (result: LoadResult) => result.decisionsPerRedisLoadCpuSecond;
  const thousands = (value: number) => `${(value / 1000).toFixed(1)}k`;
  const times = (ratio: number) => `${ratio.toFixed(2)}x`;
  return {
    name: 'redis-work',
    measurements: [baseline, ...measured],
    report: (rounds) => {
      for (const [pick, what] of [
        [perRedisCpu, 'decisions per Redis-CPU-second'],
        [perRedisLoadCpu, 'decisions per Redis-CPU-second net of its idle CPU'],
      ] as const) {
        for (const measurement of [baseline, ...measured])
          reportMedian(measurement.target.name, perRound(rounds, measurement, pick), what, thousands);
        for (const measurement of measured)
          reportMedian(
            measurement.target.name,
            ratios(rounds, measurement, baseline, pick),
            `the peer's ${what}`,
            times,
          );
      }
    },
  };
}

/** Latency: p99 at 64 in flight within 10 % of bare; p50 at 1 in flight within 0.05 ms. */
function latencyPart(memory: Target, redis: Target): BenchPart {
  const bare = on(bareTarget, ONE_DESCRIPTOR);
  const loaded = [on(memory, ONE_DESCRIPTOR), on(redis, ONE_DESCRIPTOR)];
  const bareAlone = on(bareTarget, ONE_AT_A_TIME);
  const memoryAlone = on(memory, ONE_AT_A_TIME);
  const ms = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(3)} ms`;
  return {
    name: 'latency',
    measurements: [bare, ...loaded, bareAlone, memoryAlone],
    report: (rounds) => {
      for (const measurement of loaded)
        reportMedian(
          `${measurement.target.name}, ${measurement.workload.name}`,
          ratios(rounds, measurement, bare, (result) => result.p99Ms),
          "of bare grpc-js's p99 (goal <= 110 %)",
          percent,
        );
      const p50 = (measurement: Measurement) => perRound(rounds, measurement, (result) => result.p50Ms);
      const [service, ceiling] = [p50(memoryAlone), p50(bareAlone)];
      reportMedian(
        `${memoryAlone.target.name}, ${memoryAlone.workload.name}`,
        service.map((value, i) => value - ceiling[i]),
        `p50 vs bare grpc-js (bare median ${median(ceiling).toFixed(3)} ms; goal <= +0.050 ms)`,
        ms,
      );
    },
  };
}

/** WORKERS=1 vs 2 on Redis, calls/s and server CPU. */
function workersPart(one: Target, two: Target): BenchPart {
  const single = on(one, TWO_CONNECTIONS);
  const double = on(two, TWO_CONNECTIONS);
  const cores = (value: number) => `${value.toFixed(2)} cores`;
  const callsPerSecond = (result: LoadResult) => result.callsPerSecond;
  return {
    name: 'workers',
    measurements: [single, double],
    report: (rounds) => {
      for (const measurement of [single, double]) {
        const name = `${measurement.target.name}, ${measurement.workload.name}`;
        reportMedian(name, perRound(rounds, measurement, callsPerSecond), 'calls/s', (v) => v.toFixed(0));
        reportMedian(
          name,
          perRound(rounds, measurement, (r) => r.serverCores),
          'of server CPU',
          cores,
        );
      }
      reportMedian(
        'WORKERS=2',
        ratios(rounds, double, single, callsPerSecond),
        'of WORKERS=1 calls/s',
        percent,
      );
    },
  };
}
