// A fixed-size ring of per-second totals (the console's charts: 15 minutes of requests, near-limit
// and over-limit per second). Memory is `capacity` 32-bit slots whatever the traffic; seconds
// that got nothing read as 0, and a second older than the ring is dropped.

const MAX_SLOT_VALUE = 0xffffffff;

export class PerSecondRing {
  private readonly slots: Uint32Array;
  /** The newest second written; -Infinity until the first add. */
  private newestSecond = Number.NEGATIVE_INFINITY;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be >= 1, got ${capacity}`);
    this.slots = new Uint32Array(capacity);
  }

  /** Adds `value` to the total of `second` (whole epoch seconds). */
  add(second: number, value: number): void {
    if (second > this.newestSecond) this.advanceTo(second);
    else if (second <= this.newestSecond - this.capacity) return; // older than the ring
    const slot = second % this.capacity;
    this.slots[slot] = Math.min(MAX_SLOT_VALUE, this.slots[slot] + value);
  }

  /** The totals of the `count` seconds (default: all) ending at `nowSecond`, oldest first. */
  series(nowSecond: number, count = this.capacity): number[] {
    const length = Math.max(0, Math.min(count, this.capacity));
    const out = new Array<number>(length);
    const first = nowSecond - length + 1;
    for (let i = 0; i < length; i++) out[i] = this.valueAt(first + i);
    return out;
  }

  /** The sum of the last `seconds` seconds ending at `nowSecond`. */
  sum(nowSecond: number, seconds: number): number {
    let total = 0;
    for (let s = nowSecond - Math.min(seconds, this.capacity) + 1; s <= nowSecond; s++)
      total += this.valueAt(s);
    return total;
  }

  private valueAt(second: number): number {
    if (second > this.newestSecond || second <= this.newestSecond - this.capacity) return 0;
    return this.slots[second % this.capacity];
  }

  /** Clears the slots of the seconds skipped since the newest one (at most the whole ring). */
  private advanceTo(second: number): void {
    const from = Math.max(this.newestSecond + 1, second - this.capacity + 1);
    for (let s = from; s <= second; s++) this.slots[s % this.capacity] = 0;
    this.newestSecond = second;
  }
}
