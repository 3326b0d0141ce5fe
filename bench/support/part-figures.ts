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
