// The page's copy of the traffic history: the first answer brings the whole 15 minutes, later
// ones (`?since=<last second>`) only the seconds after it, which are appended here, so an open
// page costs the service a few numbers per key and second rather than the whole history.
import type { TrafficAnswer, TrafficSeries } from './api-types';

interface Buffered {
  requests: number[];
  nearLimit: number[];
  overLimit: number[];
}

export class TrafficBuffer {
  private readonly keys = new Map<string, Buffered>();
  private length = 0;
  /** The last second held; undefined before the first answer. */
  lastSecond: number | undefined;
  untrackedKeys = 0;

  /** The query for the next answer. */
  query(): string {
    return this.lastSecond === undefined ? '' : `?since=${this.lastSecond}`;
  }

  add(answer: TrafficAnswer): void {
    if (this.lastSecond === undefined) this.length = answer.seconds;
    for (const series of answer.series) {
      const held = this.keys.get(series.statsKey) ?? this.newKey(series.statsKey);
      for (const name of ['requests', 'nearLimit', 'overLimit'] as const) {
        const values = held[name];
        values.push(...series[name]);
        if (values.length > this.length) values.splice(0, values.length - this.length);
      }
    }
    this.lastSecond = answer.lastSecond;
    this.untrackedKeys = answer.untrackedKeys;
  }

  series(): TrafficSeries[] {
    return [...this.keys].map(([statsKey, held]) => ({ statsKey, ...held }));
  }

  private newKey(statsKey: string): Buffered {
    const zeros = () => new Array<number>(this.length).fill(0);
    const created = { requests: zeros(), nearLimit: zeros(), overLimit: zeros() };
    this.keys.set(statsKey, created);
    return created;
  }
}
