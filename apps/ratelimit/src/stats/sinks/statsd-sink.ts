// USE_PUSHSTATS (USE_STATSD): plain statsd lines to STATSD_HOST:STATSD_PORT over TCP, the
// protocol of the reference's gostats TCP sink. Plain statsd has no tags, so EXTRA_TAGS and the
// stores' tags travel in gostats' inline form inside the name:
//   ratelimit.service.rate_limit.rl.foo.total_hits.__env=prod:1|c
import type { StatsD } from 'hot-shots';
import { closeStatsdClient, createStatsdClient, roundToMicros } from './create-statsd-client';
import { withExtraTags } from './inline-tags';
import type { StatsSink } from './stats-sink';

/**
 * Timer lines are joined and handed to hot-shots in pieces of about this many characters. The
 * reference sends every timer sample as a line of its own: here one response-time sample per call.
 * Given one by one (`client.timing`), each line cost hot-shots' whole generic path (sanitising,
 * formatting, measuring its buffer again, a TCP write every 1432 bytes): about 3 % of the
 * service's CPU per call (docs/benchmarks.md, "The bundle's per-call cost"). A round's lines as one
 * string cost one write per piece; 64 KiB is what gostats writes over TCP at a time.
 */
const TIMER_PIECE_CHARS = 64 * 1024;
/** What hot-shots would replace in a stat name (its sanitizeMetricName): the line's separators. */
const LINE_BREAKERS = /[:|\n\r]/g;

/** hot-shots' own entry below the typed per-type methods: one ready line (or lines) into its buffer. */
interface RawLines {
  send(message: string): void;
}

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
  /** This round's timer lines not yet handed to the client, `\n`-separated. */
  private timerLines = '';

  constructor(private readonly options: StatsdSinkOptions) {
    this.client = createStatsdClient({ ...options, protocol: 'tcp', includeDataDogTags: false });
  }

  flushCounter(name: string, delta: number): void {
    this.client.increment(this.wireName(name), delta);
  }

  flushGauge(name: string, value: number): void {
    this.client.gauge(this.wireName(name), value);
  }

  /** The line `client.timing` would write (`name:12.345678|ms`), handed over at the round's end. */
  flushTimer(name: string, valueMs: number): void {
    const line = `${this.wireName(name)}:${roundToMicros(valueMs)}|ms`;
    this.timerLines = this.timerLines === '' ? line : `${this.timerLines}\n${line}`;
    if (this.timerLines.length >= TIMER_PIECE_CHARS) this.sendTimerLines();
  }

  endFlush(): void {
    this.sendTimerLines();
    this.client.flush();
  }

  close(): Promise<void> {
    return closeStatsdClient(this.client);
  }

  private sendTimerLines(): void {
    if (this.timerLines === '') return;
    (this.client as unknown as RawLines).send(this.timerLines);
    this.timerLines = '';
  }

  private wireName(name: string): string {
    let wire = this.wireNames.get(name);
    if (wire === undefined) {
      wire = withExtraTags(name, this.options.extraTags).replace(LINE_BREAKERS, '_');
      this.wireNames.set(name, wire);
    }
    return wire;
  }
}
