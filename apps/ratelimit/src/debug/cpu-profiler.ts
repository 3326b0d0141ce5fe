// CPU profiles of this process, the Node equivalent of Go's /debug/pprof/profile: a `.cpuprofile`
// JSON that Chrome DevTools and speedscope open. Function names and source positions only: no
// values of the program.
//
// V8 starts a profile by listing every compiled function, which walks the whole heap and holds the
// event loop in one piece: 29-49 ms on an idle service with the example rules, 75-300 ms with a 5
// MB rules file on a busy machine, however short the profile. It walks only when its profiler has
// no profile running, so once an operator profiles, a "keeper" profile (never served) keeps the
// profiler running until KEEP_WARM_MS after the last profile: the next profiles start in well
// under a millisecond (docs/service.md, "Debug listener"). The keeper is replaced every
// KEEPER_ROTATE_MS, dropping its samples, so it holds at most that many seconds of them.
// A keeper from start-up would spare the first walk too, but sampling costs every call while it
// runs (11 % fewer calls per CPU-second at 100 samples a second, measured), so only a profiling
// operator pays it. Profiles sample at Go's rate, 100 a second: V8 sets the rate when it makes the
// profiler, and 1,000 a second would cost the calls ten times as much.
import { Session } from 'node:inspector/promises';
import type { ProfilePauses } from './profile-pauses';
import { waitUnlessAborted } from './wait-unless-aborted';

/** Every 10 ms (Go's 100 Hz): at most 30,000 samples at the 300 s maximum. */
export const SAMPLING_INTERVAL_US = 10_000;
/** The keeper runs on this long after the last profile ends. */
export const KEEP_WARM_MS = 60_000;
/** The keeper is replaced this often, dropping its samples (about 1,000, a millisecond to drop). */
export const KEEPER_ROTATE_MS = 10_000;

export interface CpuProfilerTimes {
  readonly keepWarmMs: number;
  readonly keeperRotateMs: number;
}

/** The running keeper and what ends it. */
interface Warm {
  readonly session: Session;
  readonly rotation: NodeJS.Timeout;
  coolDown?: NodeJS.Timeout;
}

export class CpuProfiler {
  private warm: Promise<Warm> | undefined;
  private keepers = 0;

  constructor(
    private readonly times: CpuProfilerTimes = {
      keepWarmMs: KEEP_WARM_MS,
      keeperRotateMs: KEEPER_ROTATE_MS,
    },
  ) {}

  /** A keeper runs: the next profile starts without walking the heap. */
  get isWarm(): boolean {
    return this.warm !== undefined;
  }

  /** The profile's JSON; cut short (and still returned) when `signal` aborts; each pause in `pauses`. */
  async profile(seconds: number, signal: AbortSignal | undefined, pauses: ProfilePauses): Promise<string> {
    const warm = await pauses.time('start', async () => {
      const started = await (this.warm ??= this.startKeeper());
      clearTimeout(started.coolDown);
      await started.session.post('Profiler.start');
      return started;
    });
    try {
      await waitUnlessAborted(seconds * 1000, signal);
      const { profile } = await pauses.time('stop', () => warm.session.post('Profiler.stop'));
      return await pauses.time('json', () => JSON.stringify(profile));
    } finally {
      warm.coolDown = setTimeout(() => this.close(), this.times.keepWarmMs).unref();
    }
  }

  /** Ends the keeper: the next profile walks the heap again. */
  close(): void {
    const warm = this.warm;
    this.warm = undefined;
    void warm?.then(({ session, rotation, coolDown }) => {
      clearInterval(rotation);
      clearTimeout(coolDown);
      session.disconnect(); // ends every profile of the session, the keeper's too
    });
  }

  private async startKeeper(): Promise<Warm> {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    // console.profile starts a profile in every session whose Profiler is enabled: this one. It
    // makes the profiler, which walks the heap (the first profile's start pause).
    console.profile(this.keeperTitle(++this.keepers));
    const rotation = setInterval(() => this.rotateKeeper(), this.times.keeperRotateMs).unref();
    return { session, rotation };
  }

  /** The new keeper starts before the old one ends, so the profiler never stops (no new walk). */
  private rotateKeeper(): void {
    const old = this.keepers;
    console.profile(this.keeperTitle(++this.keepers));
    console.profileEnd(this.keeperTitle(old));
  }

  private keeperTitle(n: number): string {
    return `ratelimit keeper ${n}`;
  }
}
