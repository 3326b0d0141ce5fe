// The statsd_exporter mapping format (PULLSTATS_MAPPER_YAML / the built-in mapping): types and
// defaults. parseMapperConfig (parse-mapper-config.ts) turns YAML text into this shape.

export type StatType = 'counter' | 'gauge' | 'observer';
export type ObserverType = 'histogram' | 'summary';
export type MatchType = 'glob' | 'regex';

export interface Quantile {
  readonly quantile: number;
  readonly error: number;
}

export interface MappingRule {
  /** Position in the file (1-based), for messages. */
  readonly index: number;
  readonly match: string;
  readonly matchType: MatchType;
  /** Only stats of this type match; undefined = any. */
  readonly matchMetricType: StatType | undefined;
  readonly action: 'map' | 'drop';
  /** Prometheus name; `$1`/`${1}` (glob) or Go regexp expansions (regex). */
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly help: string | undefined;
  /** Labels from tags win over the mapping's labels of the same name. */
  readonly honorLabels: boolean;
  /** Timers only; undefined = the defaults' observer type. */
  readonly observerType: ObserverType | undefined;
  readonly buckets: readonly number[] | undefined;
  readonly quantiles: readonly Quantile[] | undefined;
  /** Multiplies every value (statsd_exporter `scale`). */
  readonly scale: number | undefined;
}

export interface MapperConfig {
  readonly observerType: ObserverType;
  readonly buckets: readonly number[];
  readonly quantiles: readonly Quantile[];
  readonly mappings: readonly MappingRule[];
}

/** Prometheus' DefBuckets, statsd_exporter's default for histograms. */
export const DEFAULT_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
export const DEFAULT_QUANTILES: readonly Quantile[] = [
  { quantile: 0.5, error: 0.05 },
  { quantile: 0.9, error: 0.01 },
  { quantile: 0.99, error: 0.001 },
];

export class MapperConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MapperConfigError';
  }
}
