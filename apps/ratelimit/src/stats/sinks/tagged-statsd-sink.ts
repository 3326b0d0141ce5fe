// USE_TAGGEDSTATS (USE_DOG_STATSD): DogStatsD lines over UDP to STATSD_HOST:STATSD_PORT, as the
// reference's datadog-go client sends them. Inline tags (`.__key=value`, EXTRA_TAGS included) become
// real tags, then the mogrifiers may rename the stat and add tags:
//   ratelimit.service.rate_limit.total_hits:1|c|#env:prod,domain:rl
import type { StatsD } from 'hot-shots';
import { closeStatsdClient, createStatsdClient, roundToMicros } from './create-statsd-client';
import { splitInlineTags, withExtraTags } from './inline-tags';
import type { MogrifierMap, Mogrified } from './mogrifier-map';
import type { StatsSink } from './stats-sink';

export interface TaggedStatsdSinkOptions {
  readonly host: string;
  readonly port: number;
  readonly extraTags: Readonly<Record<string, string>>;
  readonly mogrifiers: MogrifierMap;
  readonly onError: (error: Error) => void;
}

export class TaggedStatsdSink implements StatsSink {
  private readonly client: StatsD;
  /** Stat name -> DogStatsD name and tags; bounded by the number of stats (STATS_MAX_KEYS). */
  private readonly resolved = new Map<string, Mogrified>();

  constructor(private readonly options: TaggedStatsdSinkOptions) {
    this.client = createStatsdClient({ ...options, protocol: 'udp', includeDataDogTags: true });
  }

  flushCounter(name: string, delta: number): void {
    const stat = this.resolve(name);
    this.client.increment(stat.name, delta, 1, stat.tags as string[]);
  }

  flushGauge(name: string, value: number): void {
    const stat = this.resolve(name);
    this.client.gauge(stat.name, value, 1, stat.tags as string[]);
  }

  flushTimer(name: string, valueMs: number): void {
    const stat = this.resolve(name);
    this.client.timing(stat.name, roundToMicros(valueMs), 1, stat.tags as string[]);
  }

  endFlush(): void {
    this.client.flush();
  }

  close(): Promise<void> {
    return closeStatsdClient(this.client);
  }

  /** Inline tags first, then the mogrifier's (godogstats mogrify). */
  private resolve(name: string): Mogrified {
    let stat = this.resolved.get(name);
    if (stat === undefined) {
      const { base, tags } = splitInlineTags(withExtraTags(name, this.options.extraTags));
      const mogrified = this.options.mogrifiers.mogrify(base);
      stat = { name: mogrified.name, tags: [...tags.map(([k, v]) => `${k}:${v}`), ...mogrified.tags] };
      this.resolved.set(name, stat);
    }
    return stat;
  }
}
