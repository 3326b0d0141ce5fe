// The console's charts: per stats key, the hits, near-limit and over-limit hits of every second of
// the last 15 minutes. A sampler reads the service's own counters once a second and keeps the
// differences in fixed-size rings, so the hot path does nothing more than it already does and
// memory is bounded (maxSeries keys x 3 rings x `seconds` slots of 4 bytes).
import type { LimitStats } from '../stats/limit-stats';
import { PerSecondRing } from './per-second-ring';

export interface TrafficHistoryOptions {
  /** Length of the history (900: 15 minutes). */
  readonly seconds: number;
  /** Stats keys charted at most; later keys are counted in `untrackedKeys` only. */
  readonly maxSeries: number;
}

export const TRAFFIC_HISTORY_DEFAULTS: TrafficHistoryOptions = Object.freeze({
  seconds: 900,
  maxSeries: 200,
});

export interface TrafficSource {
  limitStatsEntries(): Iterable<readonly [string, LimitStats]>;
}

export interface TrafficSeries {
  readonly statsKey: string;
  /** Oldest first, one value per second, the last one for `lastSecond`. */
  readonly requests: readonly number[];
  readonly nearLimit: readonly number[];
  readonly overLimit: readonly number[];
}

class KeyHistory {
  readonly requests: PerSecondRing;
  readonly nearLimit: PerSecondRing;
  readonly overLimit: PerSecondRing;

  constructor(
    seconds: number,
    /** Counter values at the previous sample. */
    public lastTotal: number,
    public lastNear: number,
    public lastOver: number,
  ) {
    this.requests = new PerSecondRing(seconds);
    this.nearLimit = new PerSecondRing(seconds);
    this.overLimit = new PerSecondRing(seconds);
  }
}

export class TrafficHistory {
  private readonly keys = new Map<string, KeyHistory>();
  private hasSampled = false;
  /** The second the last sample was booked to. */
  lastSecond = 0;
  /** Keys seen beyond maxSeries. */
  untrackedKeys = 0;

  constructor(
    private readonly source: TrafficSource,
    readonly options: TrafficHistoryOptions = TRAFFIC_HISTORY_DEFAULTS,
  ) {}

  /**
   * Books what the counters gained since the previous sample to `second`. Keys that exist at the
   * first sample start from their values then; keys that appear later from 0.
   */
  sample(second: number): void {
    let untracked = 0;
    for (const [statsKey, stats] of this.source.limitStatsEntries()) {
      const total = stats.totalHits.value;
      const near = stats.nearLimit.value;
      const over = stats.overLimit.value;
      let history = this.keys.get(statsKey);
      if (history === undefined) {
        if (this.keys.size >= this.options.maxSeries) {
          untracked++;
          continue;
        }
        history = this.hasSampled
          ? new KeyHistory(this.options.seconds, 0, 0, 0)
          : new KeyHistory(this.options.seconds, total, near, over);
        this.keys.set(statsKey, history);
      }
      history.requests.add(second, total - history.lastTotal);
      history.nearLimit.add(second, near - history.lastNear);
      history.overLimit.add(second, over - history.lastOver);
      history.lastTotal = total;
      history.lastNear = near;
      history.lastOver = over;
    }
    this.untrackedKeys = untracked;
    this.hasSampled = true;
    this.lastSecond = second;
  }

  /** Every charted key's series over the last `seconds` seconds ending at lastSecond. */
  series(seconds: number): TrafficSeries[] {
    const take = Math.min(Math.max(0, Math.floor(seconds)), this.options.seconds);
    const at = this.lastSecond;
    const last = (ring: PerSecondRing) => ring.series(at, take);
    return [...this.keys].map(([statsKey, history]) => ({
      statsKey,
      requests: last(history.requests),
      nearLimit: last(history.nearLimit),
      overLimit: last(history.overLimit),
    }));
  }
}
