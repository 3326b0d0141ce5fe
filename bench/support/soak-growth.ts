// Growth after warm-up: the first minute after warm-up (the baseline) against the last minute.
// RSS and the other figures: the median of each window, because one sample can land on a burst.
// Heap used and the counts of handles and descriptors: the lowest value of each window, the floor
// the collector or finished calls bring them back to; a leak raises the floor. (With about 14
// handles, the median moves by 7 % when one call is in flight at a sample.)
import type { SoakSample } from './soak-sampler';

export type SampleMetric = Exclude<keyof SoakSample, 'seconds'>;

export interface Growth {
  readonly metric: SampleMetric;
  readonly baseline: number;
  readonly end: number;
  /** (end - baseline) / baseline, in percent. */
  readonly percent: number;
  /** The goal (percent), for the metrics that have one. */
  readonly limitPercent: number | undefined;
  readonly isWithinLimit: boolean;
}

/** The soak goal: RSS and handle counts flat after warm-up, growth under 10 %. */
export const GROWTH_LIMITS: Partial<Record<SampleMetric, number>> = { rssMiB: 10, handles: 10, fds: 10 };
export const REPORTED_METRICS: readonly SampleMetric[] = [
  'rssMiB',
  'handles',
  'fds',
  'heapUsedMiB',
  'sockets',
  'timers',
  'loopDelayP99Ms',
  'metricLines',
];
const WINDOW_SECONDS = 60;

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The compared windows: one minute each, or a third of the time after warm-up when the run is
 * shorter than three minutes past it (so the two never overlap).
 */
export function comparedWindows(samples: readonly SoakSample[], warmupSeconds: number) {
  const lastSeconds = samples.at(-1)?.seconds ?? 0;
  const windowSeconds = Math.min(WINDOW_SECONDS, (lastSeconds - warmupSeconds) / 3);
  return {
    baseline: samples.filter((s) => s.seconds >= warmupSeconds && s.seconds < warmupSeconds + windowSeconds),
    end: samples.filter((s) => s.seconds > lastSeconds - windowSeconds),
  };
}

/** Figures summed up by their lowest value in a window (see the file comment). */
export const FLOOR_METRICS: ReadonlySet<SampleMetric> = new Set<SampleMetric>([
  'heapUsedMiB',
  'handles',
  'fds',
  'sockets',
  'timers',
]);

function windowValue(samples: readonly SoakSample[], metric: SampleMetric): number {
  const values = samples.map((s) => s[metric]);
  if (values.length === 0) return NaN;
  return FLOOR_METRICS.has(metric) ? Math.min(...values) : median(values);
}

export function growthOf(
  samples: readonly SoakSample[],
  warmupSeconds: number,
  metric: SampleMetric,
): Growth {
  const windows = comparedWindows(samples, warmupSeconds);
  const baseline = windowValue(windows.baseline, metric);
  const end = windowValue(windows.end, metric);
  const percent = baseline === 0 ? (end === 0 ? 0 : Infinity) : ((end - baseline) / baseline) * 100;
  const limitPercent = GROWTH_LIMITS[metric];
  const isWithinLimit = limitPercent === undefined || (Number.isFinite(percent) && percent < limitPercent);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    metric,
    baseline: round(baseline),
    end: round(end),
    percent: round(percent),
    limitPercent,
    isWithinLimit,
  };
}
