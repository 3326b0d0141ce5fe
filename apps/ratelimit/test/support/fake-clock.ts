import type { Clock } from '../../src/clock';

/** A clock the test moves by hand (epoch milliseconds). */
export class FakeClock implements Clock {
  constructor(private now: number) {}

  nowMs(): number {
    return this.now;
  }

  set(epochMs: number): void {
    this.now = epochMs;
  }

  advance(ms: number): void {
    this.now += ms;
  }
}
