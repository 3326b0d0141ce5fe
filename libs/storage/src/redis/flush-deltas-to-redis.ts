// The Redis side of cached counting (docs/stores.md#cached-counting): a flush's deltas are a batch
// of window counters like any other, so they go out by the store's own machinery: one script call
// or one pipeline on a server, INCRBY + EXPIRE auto-pipelined per node (grouped by slot owner) on
// a cluster, with MOVED and ASK followed. The script sets a key's expiry only when the delta
// created it, as for an exact count.
import type { CachedDelta, FlushAnswer } from '../cached/cached-delta';
import { BatchLayout, type BatchCounter } from './batch-layout';
import type { RedisExecutor } from './redis-executor';

/**
 * INCRBY each delta (EXPIRE with its expiry) in one round trip per server or node, answering each
 * key's total, or that key's own failure (a key holding a hash or text, or no answer from its
 * cluster node: DeltaNotAnswered). Rejects when the store could not be reached.
 */
export async function flushDeltasToRedis(
  executor: RedisExecutor,
  deltas: readonly CachedDelta[],
): Promise<FlushAnswer[]> {
  if (deltas.length === 0) return [];
  const counters = deltas.map(({ key, delta, expirySeconds }): BatchCounter => ({
    key,
    addend: delta,
    ttlSeconds: expirySeconds,
    slidingWindowSeconds: 0,
  }));
  return executor.incrementEach(new BatchLayout(counters, []));
}
