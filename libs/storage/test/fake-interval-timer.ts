// A clock and interval timer that move only when a test says, for the cached-counting engine.
// Each due callback's promise (a flush) is awaited before time moves on, so a test reads the
// state after a flush without waiting on real time, against a fake store or real Redis alike.

interface Interval {
  readonly run: () => unknown;
  readonly intervalMs: number;
  nextAtMs: number;
  isCleared: boolean;
}

export class FakeIntervalTimer {
  private nowMs: number;
  private readonly intervals: Interval[] = [];

  constructor(startMs = 0) {
    this.nowMs = startMs;
  }

  readonly now = (): number => this.nowMs;

  setInterval(run: () => unknown, intervalMs: number): unknown {
    const interval = { run, intervalMs, nextAtMs: this.nowMs + intervalMs, isCleared: false };
    this.intervals.push(interval);
    return interval;
  }

  clearInterval(handle: unknown): void {
    (handle as Interval).isCleared = true;
  }

  /** Live intervals (a closed engine has none). */
  get activeCount(): number {
    return this.intervals.filter((interval) => !interval.isCleared).length;
  }

  /** Moves the clock by `ms`, running (and awaiting) every callback that falls due, in time order. */
  async advance(ms: number): Promise<void> {
    const endMs = this.nowMs + ms;
    for (;;) {
      const due = this.intervals
        .filter((interval) => !interval.isCleared && interval.nextAtMs <= endMs)
        .sort((a, b) => a.nextAtMs - b.nextAtMs)[0];
      if (due === undefined) break;
      this.nowMs = due.nextAtMs;
      due.nextAtMs += due.intervalMs;
      await due.run();
    }
    this.nowMs = endMs;
  }
}
