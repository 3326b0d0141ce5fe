// The page's copy of the traffic history: the first answer brings the whole 15 minutes, later
// ones (`?since=`) only the last second again and the seconds after it, which replace and extend
// the copy here, so an open page costs the service a few numbers per key and second rather than
// the whole history.
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

  /**
   * The query for the next answer: the seconds after the one before the last held, so the last
   * second is asked again (the service may have booked more to it since, e.g. with a clock that
   * does not move) and replaced.
   */
  query(): string {
    return this.lastSecond === undefined ? '' : `?since=${this.lastSecond - 1}`;
  }

  add(answer: TrafficAnswer): void {
    if (this.lastSecond === undefined) this.length = answer.seconds;
    const firstAnswered = answer.lastSecond - answer.seconds + 1;
    const overlap = this.lastSecond === undefined ? 0 : Math.max(0, this.lastSecond - firstAnswered + 1);
    for (const series of answer.series) {
      const held = this.keys.get(series.statsKey) ?? this.newKey(series.statsKey);
      for (const name of ['requests', 'nearLimit', 'overLimit'] as const) {
        const values = held[name];
        values.splice(values.length - Math.min(overlap, values.length), overlap);
        values.push(...series[name]);
        if (values.length > this.length) values.splice(0, values.length - this.length);
        while (values.length < this.length) values.unshift(0);
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
