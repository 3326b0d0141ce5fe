// The gRPC server span, as otelgrpc's server interceptor makes it in the reference: named after
// the full method, kind SERVER, rpc.system / rpc.service / rpc.method / rpc.grpc.status_code,
// parent extracted from the call's metadata (W3C traceparent, B3, baggage). The span is the
// active context while the call runs, so the service's spans become its children.
import { Metadata, status as GrpcStatus } from '@grpc/grpc-js';
import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type TextMapGetter,
} from '@opentelemetry/api';
import type { TracerHolder } from './tracer-holder';

const METADATA_GETTER: TextMapGetter<Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key).map(String);
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  },
};

/** Runs `run` inside a server span for `fullMethod` (`package.Service/Method`). */
export async function traceGrpcCall<T>(
  { tracer, propagator }: TracerHolder,
  metadata: Metadata | undefined,
  fullMethod: string,
  run: () => Promise<T>,
): Promise<T> {
  if (tracer === undefined) return run();
  const parent =
    metadata instanceof Metadata && propagator
      ? propagator.extract(ROOT_CONTEXT, metadata, METADATA_GETTER)
      : ROOT_CONTEXT;
  const [service, method] = fullMethod.split('/');
  const span = tracer.startSpan(
    fullMethod,
    {
      kind: SpanKind.SERVER,
      attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method },
    },
    parent,
  );
  try {
    const result = await context.with(trace.setSpan(parent, span), run);
    span.setAttribute('rpc.grpc.status_code', GrpcStatus.OK);
    return result;
  } catch (error) {
    span.setAttribute('rpc.grpc.status_code', grpcCodeOf(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** The status an RpcException carries (see grpc-errors.ts); UNKNOWN otherwise. */
function grpcCodeOf(error: unknown): number {
  const status = (error as { getError?: () => unknown }).getError?.() ?? error;
  const code = (status as { code?: unknown }).code;
  return typeof code === 'number' ? code : GrpcStatus.UNKNOWN;
}
