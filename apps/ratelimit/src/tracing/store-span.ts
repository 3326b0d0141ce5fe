// The span around one store round trip (reference: redis fixed_cache_impl.go, memcached
// cache_impl.go). Redis counts pipeline commands as the reference does: INCRBY + EXPIRE per key,
// split between the main and the per-second store; memcached counts the keys it fetches.
import type { Span } from '@opentelemetry/api';
import type { CounterOperation } from '@repo/storage';
import { activeTracing } from './active-tracing';

export interface StoreSpanOptions {
  readonly backend: 'redis' | 'memcache' | 'memory';
  /** KV_PERSECOND: 1-second windows go to the per-second Redis. */
  readonly hasPerSecondStore: boolean;
}

/** undefined (nothing allocated) while tracing is off. */
export function startStoreSpan(
  options: StoreSpanOptions | undefined,
  increments: readonly CounterOperation[],
): Span | undefined {
  const tracer = activeTracing.tracer;
  if (tracer === undefined) return undefined;
  if (options?.backend === 'memcache') {
    return tracer.startSpan('Memcached Fetch Execution', {
      attributes: { 'keysToGet length': increments.length },
    });
  }
  if (options === undefined || options.backend === 'memory') {
    return tracer.startSpan('Memory Store Execution', { attributes: { 'keys length': increments.length } });
  }
  let perSecond = 0;
  if (options.hasPerSecondStore)
    for (const increment of increments) if (increment.windowSeconds === 1) perSecond++;
  return tracer.startSpan('Redis Pipeline Execution', {
    attributes: {
      'pipeline length': 2 * (increments.length - perSecond),
      'perSecondPipeline length': 2 * perSecond,
    },
  });
}
