// The Prometheus side of the pull sink, kept like statsd_exporter's registry: one metric family
// per name, whose series may carry different label sets (e.g. domain+key1 and domain+key1+key2
// under ratelimit_service_rate_limit_total_hits), one prom-client metric per label-name set.
// prom-client's Registry renders the exposition text.
import { Counter, Gauge, Histogram, Registry, Summary, type Metric } from 'prom-client';

export type FamilyType = 'counter' | 'gauge' | 'histogram' | 'summary';

export interface FamilyOptions {
  readonly buckets: readonly number[];
  readonly percentiles: readonly number[];
}

type Series = Counter<string> | Gauge<string> | Histogram<string> | Summary<string>;

class MetricFamily {
  readonly aggregator = 'sum';
  private readonly vectors = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: FamilyType,
    private readonly options: FamilyOptions,
  ) {}

  /** The metric of this label-name set; throws when prom-client refuses a label name (e.g. `le`). */
  vector(labelNames: readonly string[]): Series {
    const key = labelNames.join(',');
    let vector = this.vectors.get(key);
    if (vector === undefined) this.vectors.set(key, (vector = this.create([...labelNames])));
    return vector;
  }

  async get() {
    const values = [];
    for (const vector of this.vectors.values()) values.push(...(await vector.get()).values);
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    for (const vector of this.vectors.values()) vector.reset();
  }

  private create(labelNames: string[]): Series {
    const common = { name: this.name, help: this.help, labelNames, registers: [] };
    switch (this.type) {
      case 'counter':
        return new Counter(common);
      case 'gauge':
        return new Gauge(common);
      case 'histogram':
        return new Histogram({ ...common, buckets: [...this.options.buckets] });
      case 'summary':
        return new Summary({ ...common, percentiles: [...this.options.percentiles] });
    }
  }
}

export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly families = new Map<string, MetricFamily>();

  /**
   * Adds (counter), sets (gauge) or observes (histogram, summary) one value. False when the name
   * already belongs to another type or to a default process metric, or a label name is refused:
   * statsd_exporter drops such an event as a conflict.
   */
  record(
    type: FamilyType,
    name: string,
    help: string,
    labels: Readonly<Record<string, string>>,
    value: number,
    options: FamilyOptions,
  ): boolean {
    let family = this.families.get(name);
    if (family === undefined) {
      // A name the registry already holds (prom-client's default process metrics) is taken.
      if (this.registry.getSingleMetric(name) !== undefined) return false;
      family = new MetricFamily(name, help, type, options);
      this.families.set(name, family);
      this.registry.registerMetric(family as unknown as Metric);
    }
    if (family.type !== type) return false;
    try {
      const vector = family.vector(Object.keys(labels).sort());
      if (vector instanceof Counter) vector.inc(labels, value);
      else if (vector instanceof Gauge) vector.set(labels, value);
      else vector.observe(labels, value);
      return true;
    } catch {
      return false;
    }
  }
}
