// TRACING_ENABLED: OpenTelemetry tracing as the reference sets it up (src/trace): OTLP exporter
// over http (JSON) or grpc per TRACING_EXPORTER_PROTOCOL, its destination from the standard
// OTEL_EXPORTER_OTLP_* variables (read by the exporter itself), batch processor, sampler
// ParentBased(TraceIdRatio(TRACING_SAMPLING_RATE)), propagators W3C tracecontext + B3 + baggage,
// resource service.name / service.namespace / service.instance.id. The SDK is loaded only when
// tracing is on; the tracer goes into the holder the app injects. stop() exports the spans still
// queued and unregisters everything.
import { randomUUID } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';
import type { Logger } from 'pino';
import type { TracingSettings } from '../settings/settings';
import type { SettableTracerHolder } from './tracer-holder';

export interface RunningTracing {
  stop(): Promise<void>;
}

const TRACER_NAME = 'ratelimit';

export async function startTracing(
  settings: TracingSettings,
  logger: Logger,
  holder: SettableTracerHolder,
): Promise<RunningTracing> {
  if (!settings.enabled) return { stop: () => Promise.resolve() };
  const [
    { TracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler },
    core,
    resources,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { B3Propagator } = await import('@opentelemetry/propagator-b3');
  const instanceId = settings.serviceInstanceId === '' ? randomUUID() : settings.serviceInstanceId;
  const provider = new TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': settings.serviceName,
      ...(settings.serviceNamespace === '' ? {} : { 'service.namespace': settings.serviceNamespace }),
      'service.instance.id': instanceId,
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.samplingRate) }),
    spanProcessors: [new BatchSpanProcessor({ exporter: await createExporter(settings) })],
  });
  const propagator = new core.CompositePropagator({
    propagators: [new core.W3CTraceContextPropagator(), new B3Propagator(), new core.W3CBaggagePropagator()],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
  propagation.setGlobalPropagator(propagator);
  holder.tracer = provider.getTracer(TRACER_NAME);
  holder.propagator = propagator;
  logger.info(
    `tracing: OTLP over ${settings.exporterProtocol}, sampling rate ${settings.samplingRate}, service ${settings.serviceName} instance ${instanceId}`,
  );
  return {
    stop: async () => {
      holder.tracer = undefined;
      holder.propagator = undefined;
      await provider
        .shutdown()
        .catch((error: Error) => logger.warn(`tracing: final export failed: ${error.message}`));
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

async function createExporter(settings: TracingSettings) {
  if (settings.exporterProtocol === 'grpc') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-grpc');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter();
}
