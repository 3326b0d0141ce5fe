// Figures the benchmark parts derive from their rounds: one figure of a measurement per round,
// ratios of two measurements within each round (neighbours in time share the machine's load),
// and the part that reports calls per server CPU-second against a baseline.
import type { LoadResult } from './grpc-load';
import {
  measurementId,
  percent,
  reportMedian,
  type BenchPart,
  type Measurement,
  type Round,
  type Workload,
} from './bench-rounds';
import type { Target } from './ratelimit-targets';

export const on = (target: Target, workload: Workload): Measurement => ({ target, workload });

const resultOf = (round: Round, measurement: Measurement): LoadResult =>
  round.get(measurementId(measurement))!;

/** The figure `pick` of `measurement` in each round. */
export const perRound = (rounds: Round[], measurement: Measurement, pick: (result: LoadResult) => number) =>
  rounds.map((round) => pick(resultOf(round, measurement)));

/** `over`'s figure divided by `under`'s, per round. */
export const ratios = (
  rounds: Round[],
  over: Measurement,
  under: Measurement,
  pick: (result: LoadResult) => number,
) => rounds.map((round) => pick(resultOf(round, over)) / pick(resultOf(round, under)));

export const perCpu = (result: LoadResult) => result.callsPerServerCpuSecond;

/**
 * Calls per server CPU-second over all rounds together: every call of every round over all the
 * CPU they cost. Where a server settles in one of two states per start (on Redis at 64 in flight
 * the batches either fill or not: docs/benchmarks.md#pooled-over-rounds), a median of per-round
 * ratios flips with which state each start drew; this figure converges as rounds are added.
 */
export function pooledPerCpu(rounds: Round[], measurement: Measurement): number {
  const results = rounds.map((round) => resultOf(round, measurement));
  const calls = results.reduce((sum, result) => sum + result.calls, 0);
  const cpuMicros = results.reduce((sum, result) => sum + result.calls * result.serverCpuMicrosPerCall, 0);
  return calls / (cpuMicros / 1_000_000);
}

/** Each measured target's calls per server CPU-second over the baseline's, per round. */
export function perCpuRatioPart(
  name: string,
  baseline: Measurement,
  measured: Measurement[],
  what: string,
): BenchPart {
  return {
    name,
    measurements: [baseline, ...measured],
    report: (rounds) => {
      for (const measurement of measured)
        reportMedian(measurement.target.name, ratios(rounds, measurement, baseline, perCpu), what, percent);
    },
  };
}
