// One profile at a time on the debug listener, CPU or heap, and a rest after each. The first CPU
// profile of a series holds the event loop in one piece at its start (V8 walks the heap for the
// compiled code: 75-300 ms measured on a busy 2-core machine with a 5 MB rules file; later ones
// start at once, cpu-profiler.ts); a heap profile only for about a
// millisecond (profile-heap.ts), and once more to load its module. Profiles asked for at once or
// back to back would stall the calls again and again, so after a profile the slot stays shut for
// REST_FACTOR times the pauses it caused: profiling holds the loop for at most 1/(REST_FACTOR + 1)
// of the time, whoever asks. The others get 429 with when to retry.

export type ProfileKind = 'CPU' | 'heap';

/** The slot rests this many times the pauses of the last profile (pauses <= 1/11 of the time). */
export const REST_FACTOR = 10;

interface Running {
  readonly kind: ProfileKind;
  readonly endsAtMs: number;
}

export type SlotAnswer =
  | { readonly isTaken: true; release(pausesMs: number): void }
  | { readonly isTaken: false; readonly message: string; readonly retryAfterSeconds: number };

export class ProfileSlot {
  private running: Running | undefined;
  private rest: { readonly untilMs: number; readonly pausesMs: number } | undefined;

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** Takes the slot for `seconds`, or says why not and when to retry. */
  take(kind: ProfileKind, seconds: number): SlotAnswer {
    const busy = this.busy();
    if (busy !== undefined) return { isTaken: false, ...busy };
    const mine: Running = { kind, endsAtMs: this.nowMs() + seconds * 1000 };
    this.running = mine;
    return {
      isTaken: true,
      release: (pausesMs) => {
        if (this.running !== mine) return;
        this.running = undefined;
        this.rest = { untilMs: this.nowMs() + pausesMs * REST_FACTOR, pausesMs };
      },
    };
  }

  /** For the /debug/pprof/ index: `free`, or why a profile would get 429 now. */
  state(): string {
    return this.busy()?.message ?? 'free';
  }

  private busy(): { message: string; retryAfterSeconds: number } | undefined {
    const nowMs = this.nowMs();
    const inSeconds = (atMs: number) => Math.max(1, Math.ceil((atMs - nowMs) / 1000));
    if (this.running !== undefined) {
      const retryAfterSeconds = inSeconds(this.running.endsAtMs);
      const message =
        `a ${this.running.kind} profile is running (about ${retryAfterSeconds} s left): ` +
        'one profile at a time on the debug listener, CPU or heap; retry after it';
      return { message, retryAfterSeconds };
    }
    if (this.rest === undefined || this.rest.untilMs <= nowMs) return undefined;
    const retryAfterSeconds = inSeconds(this.rest.untilMs);
    const message =
      `the last profile held the event loop for ${Math.round(this.rest.pausesMs)} ms; the next may start ` +
      `${REST_FACTOR} times that later, in ${retryAfterSeconds} s`;
    return { message, retryAfterSeconds };
  }
}
