// The span around one store round trip: its name and attributes are the store's
// (STORE_CAPABILITIES describeCall, the reference's per backend).
import type { Span, Tracer } from '@opentelemetry/api';
import type { CounterOperation, StoreCapabilities } from '@repo/storage';

export function startStoreSpan(
  tracer: Tracer,
  capabilities: StoreCapabilities,
  hasPerSecondStore: boolean,
  operations: readonly CounterOperation[],
): Span {
  const { name, attributes } = capabilities.describeCall(operations, hasPerSecondStore);
  return tracer.startSpan(name, { attributes });
}
