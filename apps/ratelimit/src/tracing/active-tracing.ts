// The tracer while TRACING_ENABLED is on, undefined otherwise. The hot path checks
// `activeTracing.tracer !== undefined` and creates no span, context or closure when tracing is
// off; only @opentelemetry/api (a few KB, no SDK) is loaded then.
import type { TextMapPropagator, Tracer } from '@opentelemetry/api';

export const activeTracing: {
  tracer: Tracer | undefined;
  /** W3C tracecontext + B3 + baggage, the reference's propagators. */
  propagator: TextMapPropagator | undefined;
} = { tracer: undefined, propagator: undefined };
