// Rounds of measurements: every selected (target, workload) pair once per round, each round
// starting one pair further along the same order, so neighbours in time share the machine's load
// and no pair always runs right after the same one; the parts then compare figures within each
// round and report the median over rounds. runCallerRounds does the same for benches whose
// callers run in this process (storage, memcached).
import { loadavg } from 'node:os';
import { runGrpcLoad, type LoadResult } from './grpc-load';
import type { Target } from './ratelimit-targets';

export interface Workload {
  readonly name: string;
  readonly descriptors: number;
  readonly inFlight: number;
  readonly channels: number;
  /** Measure Redis's idle CPU this long before the load (decisionsPerRedisLoadCpuSecond). */
  readonly redisIdleSeconds?: number;
  readonly request: (n: number) => { domain: string; descriptors: unknown[] };
}

export interface Measurement {
  readonly target: Target;
  readonly workload: Workload;
}

/** The results of one round, by measurementId. */
export type Round = ReadonlyMap<string, LoadResult>;

export interface BenchPart {
  readonly name: string;
  readonly measurements: Measurement[];
  /** Prints the part's figures; may measure more on its own after the rounds. */
  report(rounds: Round[]): void | Promise<void>;
}

export const measurementId = ({ target, workload }: Measurement) => `${target.name} | ${workload.name}`;

export interface RoundOptions {
  readonly rounds: number;
  readonly seconds: number;
  /** Load before the measured seconds: docs/benchmarks.md#warm-up. */
  readonly warmupSeconds: number;
  readonly redisPid: number;
}

export async function runRounds(measurements: Measurement[], options: RoundOptions): Promise<Round[]> {
  const rounds: Round[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const results = new Map<string, LoadResult>();
    for (const measurement of rotated(measurements, round - 1)) {
      const result = await measure(measurement, options);
      results.set(measurementId(measurement), result);
      console.log(`round ${round} ${measurementId(measurement).padEnd(72)} ${format(result)}`);
    }
    rounds.push(results);
  }
  return rounds;
}

/**
 * Each round starts one measurement further along, so no target always runs in the same place
 * (first after a part's warm-up, or right after the same neighbour): where a figure depends on
 * its place in the round, the medians over rounds do not all lean the same way.
 */
function rotated<T>(items: readonly T[], by: number): T[] {
  const start = items.length === 0 ? 0 : by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

async function measure({ target, workload }: Measurement, options: RoundOptions): Promise<LoadResult> {
  const { child, port } = await target.start(workload.descriptors);
  try {
    return await runGrpcLoad({
      address: `127.0.0.1:${port}`,
      serverPid: child.pid!,
      redisPid: options.redisPid,
      redisIdleSeconds: workload.redisIdleSeconds,
      inFlight: workload.inFlight,
      channels: workload.channels,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      request: workload.request,
    });
  } finally {
    child.kill('SIGKILL');
  }
}

function format(result: LoadResult): string {
  return (
    `${Math.round(result.callsPerSecond)} calls/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ` +
    `${result.serverCpuMicrosPerCall.toFixed(1)} µs server CPU/call = ${Math.round(result.callsPerServerCpuSecond)} calls/CPU-s` +
    (result.errors > 0 ? `, ${result.errors} errors` : '')
  );
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `name: <median><unit> <what> (median; rounds: a, b, c)`. */
export function reportMedian(name: string, values: number[], what: string, show: (value: number) => string) {
  console.log(`${name}: ${show(median(values))} ${what} (median; rounds: ${values.map(show).join(', ')})`);
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

/** The machine's load, as `uptime` prints it. */
export const loadLine = () =>
  `load average: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`;

/** In-process load: calls per wall-clock second and this process's CPU µs per call. */
export interface CallerLoad {
  readonly callsPerSecond: number;
  readonly cpuMicrosPerCall: number;
}

/**
 * `callers` concurrent loops, each awaiting the call `callOf(caller)` made for it (keys and the
 * like are set up once per caller, not per call) again and again until `seconds` have passed.
 */
export async function runCallers(
  callers: number,
  seconds: number,
  callOf: (caller: number) => () => Promise<unknown>,
): Promise<CallerLoad> {
  let calls = 0;
  const deadline = Date.now() + seconds * 1000;
  const cpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      const call = callOf(caller);
      while (Date.now() < deadline) {
        await call();
        calls++;
      }
    }),
  );
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { callsPerSecond: calls / elapsedSeconds, cpuMicrosPerCall: (cpu.user + cpu.system) / calls };
}

export interface CallerCase {
  readonly name: string;
  readonly measure: (round: number) => Promise<CallerLoad>;
}

/** Every case once per round, in the same order each round: `round <n> <name> <calls/s>, <µs CPU/call>`. */
export async function runCallerRounds(
  cases: readonly CallerCase[],
  options: { readonly rounds: number; readonly nameWidth: number },
): Promise<void> {
  for (let round = 1; round <= options.rounds; round++) {
    for (const { name, measure } of cases) {
      const { callsPerSecond, cpuMicrosPerCall } = await measure(round);
      const line = `${Math.round(callsPerSecond)} calls/s, ${cpuMicrosPerCall.toFixed(1)} µs CPU/call`;
      console.log(`round ${round} ${name.padEnd(options.nameWidth)} ${line}`);
    }
  }
}
