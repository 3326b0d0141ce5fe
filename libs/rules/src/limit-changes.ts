// What a rules change would do to the limits in force, limit by limit: the console's check
// compares a paste's limit lines (limitLines) with those of the same domains in force. Done in the
// check worker, so the serving thread neither receives a large paste's lines nor builds and
// serializes an answer of tens of thousands of changes (docs/console.md#json-api).

/**
 * A check answers with at most this many changes: a 1 MB paste of a new domain adds about 12,000
 * limits, an answer of 1.2 MB, and receiving, comparing and serializing them all cost the serving
 * thread about 25 ms a check (8 ms with the comparison here and this bound).
 */
export const MAX_CHECK_CHANGES = 1000;

export interface LimitChange {
  readonly change: 'added' | 'removed' | 'changed';
  /** The limit's stats key. */
  readonly key: string;
  readonly before: string | null;
  readonly after: string | null;
}

export interface LimitChanges {
  /** The first `max` changes: added and changed in the paste's order, then removed. */
  readonly changes: readonly LimitChange[];
  /** How many changes there are in all. */
  readonly changeCount: number;
}

export function diffLimits(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  max: number,
): LimitChanges {
  const changes: LimitChange[] = [];
  let changeCount = 0;
  const add = (change: LimitChange) => {
    changeCount += 1;
    if (changes.length < max) changes.push(change);
  };
  for (const [key, text] of after) {
    const old = before.get(key);
    if (old === undefined) add({ change: 'added', key, before: null, after: text });
    else if (old !== text) add({ change: 'changed', key, before: old, after: text });
  }
  for (const [key, text] of before)
    if (!after.has(key)) add({ change: 'removed', key, before: text, after: null });
  return { changes, changeCount };
}
