// All statistics of the process by full name (e.g. `ratelimit.service.config_load_success`).
// Get-or-create is a Map lookup; the names are built once per key by the callers, not per call.
import { Counter, Gauge, Timer } from './stat-metrics';

export class StatsStore {
  private readonly counterMap = new Map<string, Counter>();
  private readonly gaugeMap = new Map<string, Gauge>();
  private readonly timerMap = new Map<string, Timer>();
  /** Set gauges read from elsewhere (local cache, connection pools) right before they are read. */
  private readonly collectors: (() => void)[] = [];

  counter(name: string): Counter {
    let counter = this.counterMap.get(name);
    if (counter === undefined) this.counterMap.set(name, (counter = new Counter(name)));
    return counter;
  }

  gauge(name: string): Gauge {
    let gauge = this.gaugeMap.get(name);
    if (gauge === undefined) this.gaugeMap.set(name, (gauge = new Gauge(name)));
    return gauge;
  }

  timer(name: string): Timer {
    let timer = this.timerMap.get(name);
    if (timer === undefined) this.timerMap.set(name, (timer = new Timer(name)));
    return timer;
  }

  /** The counter of that name if some code created it; never creates one. */
  findCounter(name: string): Counter | undefined {
    return this.counterMap.get(name);
  }

  /** `collect` runs before every flush and every dump (gostats' stat generators). */
  addCollector(collect: () => void): void {
    this.collectors.push(collect);
  }

  collect(): void {
    for (const collect of this.collectors) collect();
  }

  counters(): IterableIterator<Counter> {
    return this.counterMap.values();
  }

  gauges(): IterableIterator<Gauge> {
    return this.gaugeMap.values();
  }

  timers(): IterableIterator<Timer> {
    return this.timerMap.values();
  }

  /**
   * The `/stats` dump of the debug listener: `name: value` per line, sorted by name. Timers show
   * their count and total milliseconds.
   */
  dump(): string {
    this.collect();
    const lines: string[] = [];
    for (const { name, value } of this.counterMap.values()) lines.push(`${name}: ${value}`);
    for (const { name, value } of this.gaugeMap.values()) lines.push(`${name}: ${value}`);
    for (const { name, count, sumMs } of this.timerMap.values()) {
      lines.push(`${name}.count: ${count}`, `${name}.sum_ms: ${Math.round(sumMs * 1000) / 1000}`);
    }
    lines.sort();
    return lines.map((line) => `${line}\n`).join('');
  }
}
