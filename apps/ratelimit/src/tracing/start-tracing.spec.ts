import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trace } from '@opentelemetry/api';
import { pino } from 'pino';
import type { TracingSettings } from '../settings/settings';
import { activeTracing } from './active-tracing';
import { startTracing } from './start-tracing';

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
    const sut = await startTracing({ ...SETTINGS, enabled: false }, logger);
    assert.equal(activeTracing.tracer, undefined);
    await sut.stop();
  });

  for (const exporterProtocol of ['http', 'grpc'] as const) {
    it(`starts with the OTLP ${exporterProtocol} exporter, registers the tracer, and unregisters it on stop`, async () => {
      const sut = await startTracing({ ...SETTINGS, exporterProtocol }, logger);
      assert.notEqual(activeTracing.tracer, undefined);
      assert.notEqual(activeTracing.propagator, undefined);
      const span = trace.getTracer('test').startSpan('probe');
      // Not ended: nothing is queued for export, so no connection is attempted.
      assert.equal(span.isRecording(), true, 'sampling rate 1 records every root span');
      await sut.stop();
      assert.equal(activeTracing.tracer, undefined);
      assert.equal(trace.getTracer('test').startSpan('after').isRecording(), false);
    });
  }

  it('samples nothing at TRACING_SAMPLING_RATE=0', async () => {
    const sut = await startTracing({ ...SETTINGS, samplingRate: 0 }, logger);
    try {
      assert.equal(activeTracing.tracer?.startSpan('x').isRecording(), false);
    } finally {
      await sut.stop();
    }
  });
});
