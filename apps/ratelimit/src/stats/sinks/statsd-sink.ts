// USE_PUSHSTATS (USE_STATSD): plain statsd lines to STATSD_HOST:STATSD_PORT over TCP, the
// protocol of the reference's gostats TCP sink. Plain statsd has no tags, so EXTRA_TAGS and the
// stores' tags travel in gostats' inline form inside the name:
//   ratelimit.service.rate_limit.rl.foo.total_hits.__env=prod:1|c
import type { StatsD } from 'hot-shots';
import { closeStatsdClient, createStatsdClient, roundToMicros } from './create-statsd-client';
import { withExtraTags } from './inline-tags';
import type { StatsSink } from './stats-sink';

export interface StatsdSinkOptions {
  readonly host: string;
  readonly port: number;
  readonly extraTags: Readonly<Record<string, string>>;
  readonly onError: (error: Error) => void;
}

export class StatsdSink implements StatsSink {
  private readonly client: StatsD;
  /** Stat name -> name on the wire; bounded by the number of stats (STATS_MAX_KEYS). */
  private readonly wireNames = new Map<string, string>();

  constructor(private readonly options: StatsdSinkOptions) {
    this.client = createStatsdClient({ ...options, protocol: 'tcp', includeDataDogTags: false });
  }

  flushCounter(name: string, delta: number): void {
    this.client.increment(this.wireName(name), delta);
  }

  flushGauge(name: string, value: number): void {
    this.client.gauge(this.wireName(name), value);
  }

  flushTimer(name: string, valueMs: number): void {
    this.client.timing(this.wireName(name), roundToMicros(valueMs));
  }

  endFlush(): void {
    this.client.flush();
  }

  close(): Promise<void> {
    return closeStatsdClient(this.client);
  }

  private wireName(name: string): string {
    let wire = this.wireNames.get(name);
    if (wire === undefined) this.wireNames.set(name, (wire = withExtraTags(name, this.options.extraTags)));
    return wire;
  }
}
