import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createCounterStore, STORE_CAPABILITIES } from '@repo/storage';
import { testRule } from '../../test/support/rule-fixtures';
import { HitCounter } from '../limiter/hit-counter';
import { startExecutionSpan, startJsonResponseSpan } from './trace-spans';
import { idleTracerHolder } from './tracer-holder';

describe('tracing spans', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracing = idleTracerHolder();

  before(() => (tracing.tracer = provider.getTracer('test')));
  after(async () => {
    tracing.tracer = undefined;
    await provider.shutdown();
  });

  const finished = (span: { end(): void } | undefined) => {
    span?.end();
    const [spanData] = exporter.getFinishedSpans();
    exporter.reset();
    return { name: spanData.name, attributes: spanData.attributes };
  };

  it('ShouldRateLimit Execution and NewJsonHandler Remaining Execution carry the reference attributes', () => {
    const request = { domain: 'rl', descriptors: [{ entries: [{ key: 'k', value: 'v' }] }], hitsAddend: 0 };
    assert.deepEqual(finished(startExecutionSpan(tracing.tracer!, request)), {
      name: 'ShouldRateLimit Execution',
      attributes: { domain: 'rl', 'request string': 'domain:"rl" descriptors:{entries:{key:"k" value:"v"}}' },
    });
    assert.deepEqual(finished(startJsonResponseSpan(tracing.tracer!, '{"overallCode":"OK"}')), {
      name: 'NewJsonHandler Remaining Execution',
      attributes: { response: '{"overallCode":"OK"}' },
    });
  });

  it('the store span is named by the store and started from the injected tracer', async () => {
    const store = createCounterStore({
      backend: 'memory',
      now: () => 0,
      random: () => 0,
      jitterMaxSeconds: 0,
      maxKeys: 9,
    });
    const sut = new HitCounter({
      store,
      capabilities: STORE_CAPABILITIES.memory,
      localCache: undefined,
      stopIncrementWhenOverLimit: false,
      tracing,
    });
    const rule = testRule({ requestsPerUnit: 5 });
    const hits = ['a', 'b'].map((key) => ({
      key,
      addend: 1,
      rule,
      outcome: undefined,
      localCacheUntilMs: 0,
      isCountedCached: false,
    }));
    await sut.count(hits, 0);
    assert.deepEqual(finished(undefined), {
      name: 'Memory Store Execution',
      attributes: { 'keys length': 2 },
    });
  });
});
