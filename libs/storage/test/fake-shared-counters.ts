// One store's counters in a Map, standing in for Redis in the cached-counting unit tests: the
// exact count and the flush the engine is given, a switch to make it unreachable, and a record
// of every round trip.
import { DeltaNotAnswered, type CachedDelta, type CountExact, type FlushDeltas } from '@repo/storage';

export class FakeSharedCounters {
  readonly values = new Map<string, number>();
  /** Every flush's deltas, in order. */
  readonly flushes: CachedDelta[][] = [];
  /** Exact counts asked: [key, hits]. */
  readonly exactCounts: [string, number][] = [];
  /** Keys the store refuses (as Redis refuses a key holding a hash). */
  readonly refusedKeys = new Set<string>();
  /** Keys whose node does not answer a flush (a failed cluster node): not counted, no answer. */
  readonly silentKeys = new Set<string>();
  isDown = false;

  readonly countExact: CountExact = (key, hits) => {
    this.exactCounts.push([key, hits]);
    if (this.isDown) return Promise.reject(new Error('store down'));
    if (this.refusedKeys.has(key)) return Promise.reject(new Error(`WRONGTYPE ${key}`));
    return Promise.resolve(this.add(key, hits));
  };

  readonly flushDeltas: FlushDeltas = (deltas) => {
    this.flushes.push([...deltas]);
    if (this.isDown) return Promise.reject(new Error('store down'));
    return Promise.resolve(
      deltas.map(({ key, delta }) => {
        if (this.silentKeys.has(key)) return new DeltaNotAnswered(key, new Error('node down'));
        return this.refusedKeys.has(key) ? new Error(`WRONGTYPE ${key}`) : this.add(key, delta);
      }),
    );
  };

  private add(key: string, hits: number): number {
    const value = (this.values.get(key) ?? 0) + hits;
    this.values.set(key, value);
    return value;
  }
}
