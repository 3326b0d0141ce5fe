import { isClean, type CacheEntries, type CacheEntry } from './cache-entries';
import type { CachedCountingCounters } from './cached-counting-stats';
import { DeltaNotAnswered, type FlushAnswer, type FlushDeltas } from './cached-delta';

/** What one flush needs from its engine. */
export interface FlushContext {
  readonly entries: CacheEntries;
  readonly counters: CachedCountingCounters;
  readonly flushDeltas: FlushDeltas;
  readonly now: () => number;
  /** A read older than this (ms) no longer answers decisions. */
  readonly maxReadAgeMs: number;
}

/**
 * One flush: every key's pending hits go out in one FlushDeltas call and each answer becomes the
 * key's stored total; clean keys whose read is too old are dropped on the way (an ended window's
 * keys are never hit again, so they go this way). Resolves true when the store answered (or
 * nothing was pending); a failed round trip gives every delta back to `pending` and resolves false,
 * and so does a key without an answer (DeltaNotAnswered) for its own delta.
 */
export async function flushPending(context: FlushContext): Promise<boolean> {
  const batch = takePending(context);
  if (batch.length === 0) return true;
  const { counters, entries } = context;
  const sentAtMs = context.now();
  counters.add('flushes');
  let answers: readonly FlushAnswer[];
  try {
    answers = await context.flushDeltas(
      batch.map(({ key, flushing, expirySeconds }) => ({ key, delta: flushing, expirySeconds })),
    );
    if (answers.length !== batch.length)
      throw new Error(`the flush answered ${answers.length} totals for ${batch.length} keys`);
  } catch {
    counters.add('flushErrors');
    for (const entry of batch) giveBack(entry);
    return false;
  }
  let flushedKeys = 0;
  let unanswered = 0;
  batch.forEach((entry, i) => {
    const answer = answers[i];
    if (answer instanceof DeltaNotAnswered) {
      giveBack(entry);
      unanswered++;
    } else if (applyAnswer(context, entry, answer, sentAtMs)) flushedKeys++;
    entries.update(entry);
  });
  counters.add('flushedKeys', flushedKeys);
  if (unanswered > 0) counters.add('flushErrors');
  return unanswered === 0;
}

/** Moves each key's pending hits to `flushing`; drops clean keys whose read is too old. */
function takePending({ entries, counters, now, maxReadAgeMs }: FlushContext): CacheEntry[] {
  const batch: CacheEntry[] = [];
  const oldestUsableMs = now() - maxReadAgeMs;
  for (const entry of entries.values()) {
    if (entry.pending > 0 && entry.flushing === 0) {
      entry.flushing = entry.pending;
      entry.pending = 0;
      batch.push(entry);
    } else if (isClean(entry) && entry.readAtMs < oldestUsableMs) {
      entries.delete(entry.key);
      counters.add('expirations');
    }
  }
  return batch;
}

function giveBack(entry: CacheEntry): void {
  entry.pending += entry.flushing;
  entry.flushing = 0;
}

/**
 * A total read by a flush. Counters only grow within a window, so the larger of two reads is the
 * later one (an exact count may have answered meanwhile). A key the store refused loses its delta,
 * counted in droppedHits, and its read is made too old, so its next decision is exact and meets
 * the key's error.
 */
function applyAnswer(
  context: FlushContext,
  entry: CacheEntry,
  answer: FlushAnswer,
  sentAtMs: number,
): boolean {
  const { counters } = context;
  counters.pendingHits -= entry.flushing;
  const isFlushed = !(answer instanceof Error);
  if (isFlushed) {
    entry.storedTotal = Math.max(entry.storedTotal, answer);
    entry.readAtMs = Math.max(entry.readAtMs, sentAtMs);
  } else {
    counters.add('droppedHits', entry.flushing);
    entry.readAtMs = Number.NEGATIVE_INFINITY;
  }
  entry.flushing = 0;
  return isFlushed;
}
