// The three kinds of statistic the service keeps, as gostats has them. Sinks (statsd, tagged
// statsd, Prometheus, stdout, /stats) read these objects; the hot path only adds to them.

export class Counter {
  /** Total since start (what /stats shows). */
  value = 0;
  /** Part of `value` already pushed by a flushing sink (statsd sends deltas). */
  flushed = 0;

  constructor(readonly name: string) {}

  add(amount = 1): void {
    this.value += amount;
  }
}

export class Gauge {
  value = 0;

  constructor(readonly name: string) {}

  set(value: number): void {
    this.value = value;
  }
}

/** Durations in milliseconds; keeps the samples since the last flush for timing sinks. */
export class Timer {
  count = 0;
  sumMs = 0;
  /** Samples not yet taken by a sink; bounded so an idle sink cannot grow it without end. */
  pending: number[] = [];

  constructor(readonly name: string) {}

  record(durationMs: number): void {
    this.count++;
    this.sumMs += durationMs;
    if (this.pending.length < MAX_PENDING_SAMPLES) this.pending.push(durationMs);
  }

  /** Returns and clears the samples since the last call. */
  takePending(): number[] {
    const samples = this.pending;
    this.pending = [];
    return samples;
  }
}

const MAX_PENDING_SAMPLES = 10000;
