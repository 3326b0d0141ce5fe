// Closed-loop gRPC load: `inFlight` calls always outstanding for `seconds`, after a warm-up, over
// `channels` HTTP/2 connections (one by default, as one Envoy connection). Reports calls/s,
// latency percentiles, the server's CPU per call and, given the redis-server's PID, Redis's CPU
// per decision.
import { performance } from 'node:perf_hooks';
import { createRlsClient, type RlsClient } from '../../apps/ratelimit/load/rls-client';
import { preciseCpuMicros, processTreeCpuMicros } from './process-cpu';

export interface LoadResult {
  readonly calls: number;
  readonly errors: number;
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The server's CPU (with its child processes: WORKERS > 1) per call. */
  readonly serverCpuMicrosPerCall: number;
  /** Calls per second of server CPU: the figure compared against the ceiling. */
  readonly callsPerServerCpuSecond: number;
  /** The server's CPU over the elapsed time: 1 = one core busy. */
  readonly serverCores: number;
  /** Decisions (descriptors) per second of redis-server CPU; 0 without a redisPid. */
  readonly decisionsPerRedisCpuSecond: number;
  /**
   * The same net of Redis's idle CPU (its cron, measured for redisIdleSeconds before the load):
   * the CPU the decisions themselves cost Redis. 0 without redisIdleSeconds.
   */
  readonly decisionsPerRedisLoadCpuSecond: number;
}

export interface LoadOptions {
  readonly address: string;
  readonly serverPid: number;
  /** The redis-server the server talks to: its CPU is measured over the same time. */
  readonly redisPid?: number;
  /** Measure Redis's idle CPU this long first (nothing in flight). */
  readonly redisIdleSeconds?: number;
  readonly inFlight: number;
  /** HTTP/2 connections the calls are spread over (default 1). */
  readonly channels?: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** The request of call number n. */
  readonly request: (n: number) => { descriptors: unknown[] };
}

export async function runGrpcLoad(options: LoadOptions): Promise<LoadResult> {
  // a local subchannel pool gives each client its own connection
  const clients = Array.from({ length: options.channels ?? 1 }, () =>
    createRlsClient(options.address, undefined, { 'grpc.use_local_subchannel_pool': 1 }),
  );
  const redisCpu = () => (options.redisPid === undefined ? 0 : preciseCpuMicros(options.redisPid));
  try {
    const idleMicrosPerSecond = await idleCpu(redisCpu, options.redisIdleSeconds ?? 0);
    await drive(clients, options, options.warmupSeconds, { latencies: [], decisions: 0 });
    const tally = { latencies: [] as number[], decisions: 0 };
    const [cpuBefore, redisBefore] = [processTreeCpuMicros(options.serverPid), redisCpu()];
    const started = performance.now();
    const errors = await drive(clients, options, options.seconds, tally);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cpuMicros = processTreeCpuMicros(options.serverPid) - cpuBefore;
    const redisMicros = redisCpu() - redisBefore;
    const latencies = tally.latencies.sort((a, b) => a - b);
    const calls = latencies.length;
    return {
      calls,
      errors,
      callsPerSecond: calls / elapsedSeconds,
      p50Ms: latencies[Math.floor(calls * 0.5)] ?? 0,
      p99Ms: latencies[Math.floor(calls * 0.99)] ?? 0,
      serverCpuMicrosPerCall: cpuMicros / calls,
      callsPerServerCpuSecond: calls / (cpuMicros / 1_000_000),
      serverCores: cpuMicros / 1_000_000 / elapsedSeconds,
      decisionsPerRedisCpuSecond: redisMicros > 0 ? tally.decisions / (redisMicros / 1_000_000) : 0,
      decisionsPerRedisLoadCpuSecond:
        idleMicrosPerSecond > 0
          ? tally.decisions / ((redisMicros - idleMicrosPerSecond * elapsedSeconds) / 1_000_000)
          : 0,
    };
  } finally {
    for (const client of clients) client.close();
  }
}

/** CPU µs per second `cpu` counts over `seconds` of waiting (0 when not asked). */
async function idleCpu(cpu: () => number, seconds: number): Promise<number> {
  if (seconds <= 0) return 0;
  const before = cpu();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return (cpu() - before) / seconds;
}

async function drive(
  clients: RlsClient[],
  options: LoadOptions,
  seconds: number,
  tally: { latencies: number[]; decisions: number },
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: options.inFlight }, async (_, slot) => {
      const client = clients[slot % clients.length];
      while (performance.now() < deadline) {
        const started = performance.now();
        const request = options.request(n++);
        try {
          await client.shouldRateLimit(request);
          tally.latencies.push(performance.now() - started);
          tally.decisions += request.descriptors.length;
        } catch {
          errors++;
        }
      }
    }),
  );
  return errors;
}
