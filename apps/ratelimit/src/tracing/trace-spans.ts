// The reference's spans (docs/observability.md, "Tracing") besides the gRPC server span
// (trace-grpc-call.ts) and the store span (HitCounter, named by the store); each is created only while tracing is
// on:
// - `ShouldRateLimit Execution` (domain, request string);
// - `NewJsonHandler Remaining Execution` (response) on /json.
// As in the reference, the execution span is not made the active context: it and the store span
// are both children of the gRPC server span (roots on /json, which has no server span).
import type { Span, Tracer } from '@opentelemetry/api';
import type { RateLimitRequest } from '../rate-limit-types';
import { formatRequestText } from './format-request-text';

/** `ShouldRateLimit Execution`; the caller starts none (no allocation) while tracing is off. */
export function startExecutionSpan(tracer: Tracer, request: RateLimitRequest): Span {
  return tracer.startSpan('ShouldRateLimit Execution', {
    attributes: { domain: request.domain, 'request string': formatRequestText(request) },
  });
}

/** `NewJsonHandler Remaining Execution` with the response body; the caller starts none while tracing is off. */
export function startJsonResponseSpan(tracer: Tracer, responseBody: string): Span {
  return tracer.startSpan('NewJsonHandler Remaining Execution', {
    attributes: { response: responseBody },
  });
}
