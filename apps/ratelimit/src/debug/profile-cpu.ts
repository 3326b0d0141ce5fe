// CPU profile of this process for N seconds, the Node equivalent of Go's /debug/pprof/profile:
// a `.cpuprofile` JSON that Chrome DevTools and speedscope open. Function names and source
// positions only: no values of the program.
// Its start holds the event loop while V8 lists every compiled function, which walks the whole
// heap (75-300 ms with a 5 MB rules file on a busy machine). Measured and not better: enabling the
// profiler early (the start still walks), @datadog/pprof's time profiler (a new V8 profiler, so a
// walk, at each start: 74-252 ms; only its continuous mode spreads it). A V8 profiler kept with
// eager code logging walks once per process and starts in ~1 ms after (Sentry's native profiler
// measured 133 ms, then 0.1-1.3 ms), at the cost of code logging for the process's whole life.
import { Session } from 'node:inspector/promises';
import type { ProfilePauses } from './profile-pauses';
import { waitUnlessAborted } from './wait-unless-aborted';

/**
 * V8 samples every 1 ms by default. The stop (on the event loop, in one piece) and the JSON grow
 * with the samples, so a long profile samples less often: at most this many, i.e. every 1 ms up
 * to 30 s and every 10 ms (Go's 100 Hz) at the 300 s maximum.
 */
const MAX_SAMPLES = 30_000;
const MIN_INTERVAL_US = 1000;

export function cpuSamplingIntervalUs(seconds: number): number {
  return Math.max(MIN_INTERVAL_US, Math.ceil((seconds * 1e6) / MAX_SAMPLES));
}

/** The profile's JSON; cut short (and still returned) when `signal` aborts; each pause in `pauses`. */
export async function profileCpu(
  seconds: number,
  signal: AbortSignal | undefined,
  pauses: ProfilePauses,
): Promise<string> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: cpuSamplingIntervalUs(seconds) });
    await pauses.time('start', () => session.post('Profiler.start'));
    await waitUnlessAborted(seconds * 1000, signal);
    const { profile } = await pauses.time('stop', () => session.post('Profiler.stop'));
    return pauses.time('json', () => JSON.stringify(profile));
  } finally {
    session.disconnect();
  }
}
