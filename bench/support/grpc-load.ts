// Closed-loop gRPC load: `inFlight` calls always outstanding over one channel (as one Envoy
// connection) for `seconds`, after a warm-up. Reports calls/s, latency percentiles and the
// server's CPU per call.
import { performance } from 'node:perf_hooks';
import { createRlsClient } from '../../apps/ratelimit/test/support/rls-client';
import { processCpuMicros } from './process-cpu';

export interface LoadResult {
  readonly calls: number;
  readonly errors: number;
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly serverCpuMicrosPerCall: number;
  /** Calls per second of server CPU: the figure compared against the ceiling. */
  readonly callsPerServerCpuSecond: number;
}

export interface LoadOptions {
  readonly address: string;
  readonly serverPid: number;
  readonly inFlight: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** The request of call number n. */
  readonly request: (n: number) => object;
}

export async function runGrpcLoad(options: LoadOptions): Promise<LoadResult> {
  const client = createRlsClient(options.address);
  try {
    await drive(client, options, options.warmupSeconds, []);
    const latencies: number[] = [];
    const cpuBefore = processCpuMicros(options.serverPid);
    const started = performance.now();
    const errors = await drive(client, options, options.seconds, latencies);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cpuMicros = processCpuMicros(options.serverPid) - cpuBefore;
    latencies.sort((a, b) => a - b);
    const calls = latencies.length;
    return {
      calls,
      errors,
      callsPerSecond: calls / elapsedSeconds,
      p50Ms: latencies[Math.floor(calls * 0.5)] ?? 0,
      p99Ms: latencies[Math.floor(calls * 0.99)] ?? 0,
      serverCpuMicrosPerCall: cpuMicros / calls,
      callsPerServerCpuSecond: calls / (cpuMicros / 1_000_000),
    };
  } finally {
    client.close();
  }
}

async function drive(
  client: ReturnType<typeof createRlsClient>,
  options: LoadOptions,
  seconds: number,
  latencies: number[],
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: options.inFlight }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await client.shouldRateLimit(options.request(n++));
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  return errors;
}
