// One profile at a time on the debug listener, CPU or heap: each one slows every call a little
// while it samples and holds the event loop while it stops, so a second one would only add to
// that (and twenty at once stalled the calls). The others get 429 with when the slot frees.

export type ProfileKind = 'CPU' | 'heap';

interface Running {
  readonly kind: ProfileKind;
  readonly endsAtMs: number;
}

export type SlotAnswer =
  | { readonly isTaken: true; release(): void }
  | { readonly isTaken: false; readonly message: string; readonly retryAfterSeconds: number };

export class ProfileSlot {
  private running: Running | undefined;

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** Takes the slot for `seconds`, or says which profile holds it and for how long still. */
  take(kind: ProfileKind, seconds: number): SlotAnswer {
    const running = this.running;
    if (running !== undefined) {
      const retryAfterSeconds = Math.max(1, Math.ceil((running.endsAtMs - this.nowMs()) / 1000));
      return {
        isTaken: false,
        retryAfterSeconds,
        message:
          `a ${running.kind} profile is running (about ${retryAfterSeconds} s left): ` +
          'one profile at a time on the debug listener, CPU or heap; retry after it',
      };
    }
    const mine: Running = { kind, endsAtMs: this.nowMs() + seconds * 1000 };
    this.running = mine;
    return {
      isTaken: true,
      release: () => {
        if (this.running === mine) this.running = undefined;
      },
    };
  }
}
