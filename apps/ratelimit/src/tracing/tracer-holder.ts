// The tracer, injected (TRACER_HOLDER, tracing.module.ts) into what creates spans: its `tracer`
// is set while TRACING_ENABLED is on and undefined otherwise, so the hot path checks one field
// and creates no span, context or closure when tracing is off; only @opentelemetry/api (a few KB,
// no SDK) is loaded then.
import type { TextMapPropagator, Tracer } from '@opentelemetry/api';

export interface TracerHolder {
  readonly tracer: Tracer | undefined;
  /** W3C tracecontext + B3 + baggage, the reference's propagators. */
  readonly propagator: TextMapPropagator | undefined;
}

/** What startTracing fills in and empties again on stop. */
export type SettableTracerHolder = { -readonly [K in keyof TracerHolder]: TracerHolder[K] };

/** A holder with no tracer: tracing off until startTracing sets one. */
export const idleTracerHolder = (): SettableTracerHolder => ({ tracer: undefined, propagator: undefined });

export const TRACER_HOLDER = Symbol('TRACER_HOLDER');
