import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trace } from '@opentelemetry/api';
import { pino } from 'pino';
import type { TracingSettings } from '../settings/settings';
import { startTracing } from './start-tracing';
import { idleTracerHolder } from './tracer-holder';

const SETTINGS: TracingSettings = {
  enabled: true,
  serviceName: 'RateLimit',
  serviceNamespace: '',
  serviceInstanceId: '',
  exporterProtocol: 'http',
  samplingRate: 1,
};
const logger = pino({ level: 'silent' });

describe(startTracing.name, () => {
  it('loads nothing and sets no tracer while TRACING_ENABLED is false', async () => {
    const holder = idleTracerHolder();
    const sut = await startTracing({ ...SETTINGS, enabled: false }, logger, holder);
    assert.equal(holder.tracer, undefined);
    await sut.stop();
  });

  for (const exporterProtocol of ['http', 'grpc'] as const) {
    it(`starts with the OTLP ${exporterProtocol} exporter, registers the tracer, and unregisters it on stop`, async () => {
      const holder = idleTracerHolder();
      const sut = await startTracing({ ...SETTINGS, exporterProtocol }, logger, holder);
      assert.notEqual(holder.tracer, undefined);
      assert.notEqual(holder.propagator, undefined);
      const span = trace.getTracer('test').startSpan('probe');
      // Not ended: nothing is queued for export, so no connection is attempted.
      assert.equal(span.isRecording(), true, 'sampling rate 1 records every root span');
      await sut.stop();
      assert.deepEqual(holder, { tracer: undefined, propagator: undefined });
      assert.equal(trace.getTracer('test').startSpan('after').isRecording(), false);
    });
  }

  it('samples nothing at TRACING_SAMPLING_RATE=0', async () => {
    const holder = idleTracerHolder();
    const sut = await startTracing({ ...SETTINGS, samplingRate: 0 }, logger, holder);
    try {
      assert.equal(holder.tracer?.startSpan('x').isRecording(), false);
    } finally {
      await sut.stop();
    }
  });
});
