import { bucketOutcome, windowOutcome, type CounterOperation, type CounterOutcome } from '../counter-store';

/** A count part not answered yet. */
const NOT_COUNTED = Number.NaN;

/**
 * Takes back what a failed call's operations added to the store
 * (docs/stores.md#an-error-on-one-key); the store sends it to the right Redis.
 */
export interface AppliedHitsUndo {
  undoApplied(operations: readonly CounterOperation[], indexes: readonly number[]): void;
}

/**
 * The outcomes of one countMany call, filled part by part as batches answer (a sliding window
 * has two parts: its count and its previous window's count; the parts of one call can come from
 * two stores, main and per-second). Resolves once every part is in; the first failure rejects.
 * A call answered with an error counts no hits: with `operations` and `undo`, every part the
 * store applied (a counter incremented, a bucket's tokens taken), before the failure or after it,
 * is taken back.
 */
export class PendingOutcomes {
  readonly promise: Promise<CounterOutcome[]>;
  private readonly counts: number[];
  private readonly previousCounts: number[];
  private readonly takes: (CounterOutcome | undefined)[];
  private remaining = 0;
  private settled = false;
  private failed = false;
  private resolvePromise!: (outcomes: CounterOutcome[]) => void;
  private rejectPromise!: (error: Error) => void;

  constructor(
    private readonly size: number,
    private readonly operations?: readonly CounterOperation[],
    private readonly undo?: AppliedHitsUndo,
  ) {
    this.counts = new Array<number>(size).fill(NOT_COUNTED);
    this.previousCounts = new Array<number>(size).fill(0);
    this.takes = new Array<CounterOutcome | undefined>(size);
    this.promise = new Promise<CounterOutcome[]>((resolve, reject) => {
      this.resolvePromise = resolve;
      this.rejectPromise = reject;
    });
  }

  /** True once the call was answered with an error: parts still arriving are taken back. */
  get isFailed(): boolean {
    return this.failed;
  }

  /** Announces `parts` more results to wait for (call before anything is sent). */
  expect(parts: number): void {
    this.remaining += parts;
  }

  /** A counter's count: its addend is in the store. */
  fillCount(index: number, count: number): void {
    this.counts[index] = count;
    if (this.failed) this.undoPart(index);
    this.partDone();
  }

  fillPreviousCount(index: number, count: number): void {
    this.previousCounts[index] = count;
    this.partDone();
  }

  /** A take's answer: its tokens are in the store when it was allowed. */
  fillTake(index: number, isAllowed: boolean, tatBeforeMs: number): void {
    this.takes[index] = bucketOutcome(isAllowed, tatBeforeMs);
    if (isAllowed && this.failed) this.undoPart(index);
    this.partDone();
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.failed = true;
    this.undoApplied();
    this.rejectPromise(error);
  }

  /** Everything the store applied before the call failed (nothing is tracked while it succeeds). */
  private undoApplied(): void {
    if (this.undo === undefined) return;
    const applied: number[] = [];
    for (let i = 0; i < this.size; i++) {
      const isApplied = this.takes[i]?.isAllowed ?? !Number.isNaN(this.counts[i]);
      if (isApplied && this.operations![i].addend > 0) applied.push(i);
    }
    if (applied.length > 0) this.undo.undoApplied(this.operations!, applied);
  }

  /** A part that arrived after the call failed. */
  private undoPart(index: number): void {
    if (this.undo !== undefined && this.operations![index].addend > 0)
      this.undo.undoApplied(this.operations!, [index]);
  }

  private partDone(): void {
    if (--this.remaining !== 0 || this.settled) return;
    this.settled = true;
    const outcomes = new Array<CounterOutcome>(this.size);
    for (let i = 0; i < this.size; i++) {
      outcomes[i] = this.takes[i] ?? windowOutcome(this.counts[i], this.previousCounts[i]);
    }
    this.resolvePromise(outcomes);
  }
}
