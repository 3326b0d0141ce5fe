// One flush round from the StatsStore into a sink, as gostats' store.Flush(): counters send the
// delta since the last flush (and only when it is not 0), every gauge sends its value, every timer
// sample taken since the last round is sent on its own.
import type { StatsStore } from '../stats-store';
import type { StatsSink } from './stats-sink';

export function flushStats(store: StatsStore, sink: StatsSink): void {
  store.collect();
  for (const counter of store.counters()) {
    const delta = counter.value - counter.flushed;
    if (delta === 0) continue;
    counter.flushed = counter.value;
    sink.flushCounter(counter.name, delta);
  }
  for (const gauge of store.gauges()) sink.flushGauge(gauge.name, gauge.value);
  flushTimers(store, sink);
}

/**
 * Timer samples only: gostats sends each sample at once; here they are sent at least every
 * second (see StatsSinkLifecycle), so a timer's bounded sample buffer does not overflow.
 */
export function flushTimers(store: StatsStore, sink: StatsSink): void {
  for (const timer of store.timers()) {
    for (const sample of timer.takePending()) sink.flushTimer(timer.name, sample);
  }
  sink.endFlush();
}
