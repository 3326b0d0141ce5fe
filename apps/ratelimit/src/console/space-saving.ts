// Space-Saving heavy hitters (Metwally, Agrawal, El Abbadi 2005): a fixed number of slots; a value
// not in a full summary takes the slot of the smallest count and inherits that count as its
// error. Every reported count is an overestimate by at most `error` <= total / slots, and every
// value whose true count exceeds total / slots is in the summary (docs/console.md#who-is-limited).

export interface HeavyHitter {
  readonly value: string;
  /** Estimated count: the true count is in [count - error, count]. */
  readonly count: number;
  readonly error: number;
}

export class SpaceSaving {
  private readonly slotOf = new Map<string, number>();
  private readonly values: string[] = [];
  private readonly counts: Float64Array;
  private readonly errors: Float64Array;
  private totalWeight = 0;

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`slots must be >= 1, got ${slots}`);
    this.counts = new Float64Array(slots);
    this.errors = new Float64Array(slots);
  }

  /** Sum of every weight added (the N of the error bound). */
  get total(): number {
    return this.totalWeight;
  }

  /** True when every slot holds a value (new values then evict the smallest). */
  get isFull(): boolean {
    return this.values.length === this.slots;
  }

  add(value: string, weight = 1): void {
    this.totalWeight += weight;
    const known = this.slotOf.get(value);
    if (known !== undefined) {
      this.counts[known] += weight;
      return;
    }
    if (!this.isFull) {
      const slot = this.values.length;
      this.values.push(value);
      this.slotOf.set(value, slot);
      this.counts[slot] = weight;
      return;
    }
    const slot = this.smallestSlot();
    this.slotOf.delete(this.values[slot]);
    this.values[slot] = value;
    this.slotOf.set(value, slot);
    this.errors[slot] = this.counts[slot];
    this.counts[slot] += weight;
  }

  /** The smallest count held (0 while the summary is not full: a missing value was never seen). */
  minimumCount(): number {
    return this.isFull ? this.counts[this.smallestSlot()] : 0;
  }

  /** Calls `visit` with every value held, its count and its error (unordered), allocating nothing. */
  forEachSlot(visit: (value: string, count: number, error: number) => void): void {
    for (let slot = 0; slot < this.values.length; slot++)
      visit(this.values[slot], this.counts[slot], this.errors[slot]);
  }

  /** Every value held with its count and error (unordered). */
  entries(): HeavyHitter[] {
    return this.values.map((value, slot) => ({ value, count: this.counts[slot], error: this.errors[slot] }));
  }

  /** The `n` largest counts, largest first (ties by value). */
  top(n: number): HeavyHitter[] {
    return this.entries().sort(byCountThenValue).slice(0, n);
  }

  /** A linear scan: slots are few, and it runs only for a value new to a full summary. */
  private smallestSlot(): number {
    let smallest = 0;
    for (let slot = 1; slot < this.slots; slot++)
      if (this.counts[slot] < this.counts[smallest]) smallest = slot;
    return smallest;
  }
}

export function byCountThenValue(a: HeavyHitter, b: HeavyHitter): number {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/**
 * Several summaries (one per minute) as one: a value missing from a full summary may have been
 * counted there up to that summary's smallest count, which is added to both its count and its
 * error (mergeable summaries, Agarwal et al. 2012), so the bound stays total / slots overall.
 * Every value starts from the sum of the smallest counts and each summary holding it replaces its
 * smallest count by the value's own figures: one pass over the slots, no copy of any summary.
 */
export function mergeSummaries(summaries: readonly SpaceSaving[], n: number): HeavyHitter[] {
  const minimumOf = summaries.map((summary) => summary.minimumCount());
  const minimums = minimumOf.reduce((sum, minimum) => sum + minimum, 0);
  const merged = new Map<string, { value: string; count: number; error: number }>();
  summaries.forEach((summary, i) => {
    const minimum = minimumOf[i];
    summary.forEachSlot((value, count, error) => {
      let totals = merged.get(value);
      if (totals === undefined) {
        totals = { value, count: minimums, error: minimums };
        merged.set(value, totals);
      }
      totals.count += count - minimum;
      totals.error += error - minimum;
    });
  });
  return [...merged.values()].sort(byCountThenValue).slice(0, n);
}
