import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { STORE_CAPABILITIES } from '@repo/storage';
import { activeTracing } from './active-tracing';
import { startStoreSpan } from './store-span';
import { startExecutionSpan, startJsonResponseSpan } from './trace-spans';

const increments = [
  { key: 'a', addend: 1, windowSeconds: 1 },
  { key: 'b', addend: 1, windowSeconds: 60 },
  { key: 'c', addend: 1, windowSeconds: 60 },
];

describe('tracing spans', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });

  before(() => (activeTracing.tracer = provider.getTracer('test')));
  after(async () => {
    activeTracing.tracer = undefined;
    await provider.shutdown();
  });

  const finished = (span: { end(): void } | undefined) => {
    span?.end();
    const [spanData] = exporter.getFinishedSpans();
    exporter.reset();
    return { name: spanData.name, attributes: spanData.attributes };
  };

  it('Redis Pipeline Execution counts INCRBY + EXPIRE per key, split by store', () => {
    assert.deepEqual(
      finished(startStoreSpan(activeTracing.tracer!, STORE_CAPABILITIES.redis, true, increments)),
      {
        name: 'Redis Pipeline Execution',
        attributes: { 'pipeline length': 4, 'perSecondPipeline length': 2 },
      },
    );
    assert.deepEqual(
      finished(startStoreSpan(activeTracing.tracer!, STORE_CAPABILITIES.redis, false, increments)).attributes,
      {
        'pipeline length': 6,
        'perSecondPipeline length': 0,
      },
    );
  });

  it('Memcached Fetch Execution counts the keys', () => {
    assert.deepEqual(
      finished(startStoreSpan(activeTracing.tracer!, STORE_CAPABILITIES.memcache, false, increments)),
      {
        name: 'Memcached Fetch Execution',
        attributes: { 'keysToGet length': 3 },
      },
    );
  });

  it('ShouldRateLimit Execution and NewJsonHandler Remaining Execution carry the reference attributes', () => {
    const request = { domain: 'rl', descriptors: [{ entries: [{ key: 'k', value: 'v' }] }], hitsAddend: 0 };
    assert.deepEqual(finished(startExecutionSpan(activeTracing.tracer!, request)), {
      name: 'ShouldRateLimit Execution',
      attributes: { domain: 'rl', 'request string': 'domain:"rl" descriptors:{entries:{key:"k" value:"v"}}' },
    });
    assert.deepEqual(finished(startJsonResponseSpan('{"overallCode":"OK"}')), {
      name: 'NewJsonHandler Remaining Execution',
      attributes: { response: '{"overallCode":"OK"}' },
    });
  });

  it('creates no JSON response span while tracing is off', () => {
    const tracer = activeTracing.tracer;
    activeTracing.tracer = undefined;
    try {
      assert.equal(startJsonResponseSpan('{}'), undefined);
    } finally {
      activeTracing.tracer = tracer;
    }
  });
});
