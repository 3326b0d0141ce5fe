/**
 * Hands out the entries of a Map oldest first (insertion order) for eviction, in amortised O(1).
 * Restarting `for (... of map)` on every eviction is quadratic: V8 keeps deleted entries in the
 * table until it is rebuilt, and each new loop walks over all of them again (measured: 1M unique
 * keys through a full 200k-key store took about 50 s instead of under 1 s). One iterator kept
 * across evictions resumes where the previous eviction stopped.
 * The caller must delete every entry it gets, or it is skipped until the cursor wraps around.
 */
export class OldestFirst<K, V> {
  private cursor: Iterator<[K, V]>;

  constructor(private readonly map: Map<K, V>) {
    this.cursor = map.entries();
  }

  /** The oldest entry not handed out yet; undefined when the map is empty. */
  next(): [K, V] | undefined {
    let step = this.cursor.next();
    if (step.done) {
      // A finished iterator never sees later insertions: start again from the (new) oldest.
      this.cursor = this.map.entries();
      step = this.cursor.next();
    }
    return step.done ? undefined : step.value;
  }
}
