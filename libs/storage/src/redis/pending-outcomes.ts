import { bucketOutcome, windowOutcome, type CounterOutcome } from '../counter-store';

/**
 * The outcomes of one countMany call, filled part by part as batches answer (a sliding window
 * has two parts: its count and its previous window's count; the parts of one call can come from
 * two stores, main and per-second). Resolves once every part is in; the first failure rejects.
 */
export class PendingOutcomes {
  readonly promise: Promise<CounterOutcome[]>;
  private readonly counts: number[];
  private readonly previousCounts: number[];
  private readonly takes: (CounterOutcome | undefined)[];
  private remaining = 0;
  private settled = false;
  private resolvePromise!: (outcomes: CounterOutcome[]) => void;
  private rejectPromise!: (error: Error) => void;

  constructor(private readonly size: number) {
    this.counts = new Array<number>(size).fill(0);
    this.previousCounts = new Array<number>(size).fill(0);
    this.takes = new Array<CounterOutcome | undefined>(size);
    this.promise = new Promise<CounterOutcome[]>((resolve, reject) => {
      this.resolvePromise = resolve;
      this.rejectPromise = reject;
    });
  }

  /** Announces `parts` more results to wait for (call before anything is sent). */
  expect(parts: number): void {
    this.remaining += parts;
  }

  fillCount(index: number, count: number): void {
    this.counts[index] = count;
    this.partDone();
  }

  fillPreviousCount(index: number, count: number): void {
    this.previousCounts[index] = count;
    this.partDone();
  }

  fillTake(index: number, isAllowed: boolean, tatBeforeMs: number): void {
    this.takes[index] = bucketOutcome(isAllowed, tatBeforeMs);
    this.partDone();
  }

  fail(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.rejectPromise(error);
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
