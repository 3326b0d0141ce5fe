// How long each step of a profile held the event loop: the profilers' start and stop run on the
// loop in one piece (a CPU profile's start lists every compiled function, a heap profile's stop
// walks the sampled stacks), and so does the JSON. Sent as a Server-Timing header (DevTools shows
// it), so an operator sees what a profile cost the calls it delayed.
import { performance } from 'node:perf_hooks';

export class ProfilePauses {
  private readonly pausesMs = new Map<string, number>();

  /** Runs `step` and records its duration under `name`. */
  async time<T>(name: string, step: () => Promise<T> | T): Promise<T> {
    const startedMs = performance.now();
    try {
      return await step();
    } finally {
      this.pausesMs.set(name, Math.round((performance.now() - startedMs) * 10) / 10);
    }
  }

  get(name: string): number | undefined {
    return this.pausesMs.get(name);
  }

  /** Every step's duration added up. */
  totalMs(): number {
    let total = 0;
    for (const ms of this.pausesMs.values()) total += ms;
    return total;
  }

  /** `start;dur=180.2, stop;dur=31.5, json;dur=0.4` */
  serverTiming(): string {
    return [...this.pausesMs].map(([name, ms]) => `${name};dur=${ms}`).join(', ');
  }
}
