// The tracer, injected (TRACER_HOLDER, tracing.module.ts) into what creates spans: its `tracer`
// is set while TRACING_ENABLED is on and undefined otherwise, so the hot path checks one field
// and creates no span, context or closure when tracing is off.
import type { TextMapPropagator, Tracer } from '@opentelemetry/api';

export interface TracerHolder {
  readonly tracer: Tracer | undefined;
  /** W3C tracecontext + B3 + baggage, the reference's propagators. */
  readonly propagator: TextMapPropagator | undefined;
}

export const TRACER_HOLDER = Symbol('TRACER_HOLDER');
