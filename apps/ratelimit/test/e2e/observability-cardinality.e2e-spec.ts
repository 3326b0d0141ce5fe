// The distinct-key cap (STATS_MAX_KEYS, docs/observability.md) under a flood of 100 000 unique request
// override values: per-value stats stop growing at the cap, everything beyond it is counted under
// `stats_overflow.other`, the Prometheus scrape stays bounded, and so does the heap.
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { after, before, describe, it } from 'node:test';
import { freePort } from '@repo/test-support';
import { parseSamples, sampleValue } from '../support/prometheus-text';
import { createRulesDir } from '../../load/rules-dir';
import { startTestApp, type TestApp } from '../support/start-app';

const MAX_KEYS = 1000;
const UNIQUE_VALUES = 100_000;
const DESCRIPTORS_PER_CALL = 50;
const PARALLEL_CALLS = 8;
const RATE_LIMIT_PREFIX = 'ratelimit.service.rate_limit.';

/** A full collection before measuring, so the numbers are live objects, not garbage. */
function heapUsedAfterGc(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe(`STATS_MAX_KEYS under ${UNIQUE_VALUES} unique override values`, () => {
  let app: TestApp;
  let metricsUrl: string;
  let heapGrowthBytes: number;

  before(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    const rules = createRulesDir({ 'card.yaml': 'domain: card\ndescriptors:\n  - key: user\n' });
    app = await startTestApp({
      ...rules.env,
      DISABLE_STATS: 'false',
      USE_PUSHSTATS: 'false',
      USE_PULLSTATS: 'true',
      PULLSTATS_ADDR: `127.0.0.1:${port}`,
      STATS_MAX_KEYS: String(MAX_KEYS),
      MEMORY_MAX_KEYS: '10000',
    });
    const heapBefore = heapUsedAfterGc();
    let next = 0;
    const worker = async () => {
      while (next < UNIQUE_VALUES) {
        const first = next;
        next += DESCRIPTORS_PER_CALL;
        const descriptors = [];
        for (let i = first; i < Math.min(first + DESCRIPTORS_PER_CALL, UNIQUE_VALUES); i++) {
          descriptors.push({
            entries: [{ key: 'user', value: `u${i}` }],
            limit: { requestsPerUnit: 1000, unit: 'HOUR' },
          });
        }
        await app.grpc.shouldRateLimit({ domain: 'card', descriptors });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_CALLS }, worker));
    await fetch(metricsUrl); // the sink's own structures are filled too before measuring
    heapGrowthBytes = heapUsedAfterGc() - heapBefore;
  });
  after(() => app?.stop());

  it('keeps exactly STATS_MAX_KEYS per-value keys plus the overflow key', () => {
    const stats = app.service.stats;
    assert.equal(stats.distinctKeys(), MAX_KEYS);
    const statKeys = new Set(
      [...stats.store.counters()]
        .map((counter) => counter.name)
        .filter((name) => name.startsWith(RATE_LIMIT_PREFIX))
        .map((name) => name.slice(RATE_LIMIT_PREFIX.length, name.lastIndexOf('.'))),
    );
    assert.equal(statKeys.size, MAX_KEYS + 1);
    assert.ok(statKeys.has('stats_overflow.other'));
    assert.equal(
      stats.store.counter(`${RATE_LIMIT_PREFIX}stats_overflow.other.total_hits`).value,
      UNIQUE_VALUES - MAX_KEYS,
    );
  });

  it('exports a bounded number of Prometheus series', async () => {
    const samples = parseSamples(await (await fetch(metricsUrl)).text());
    const totalHits = samples.filter((s) => s.name === 'ratelimit_service_rate_limit_total_hits');
    assert.equal(totalHits.length, MAX_KEYS + 1);
    assert.equal(
      sampleValue(samples, 'ratelimit_service_rate_limit_total_hits', {
        domain: 'stats_overflow',
        key1: 'other',
      }),
      UNIQUE_VALUES - MAX_KEYS,
    );
  });

  it('keeps the heap bounded (the store holds at most MEMORY_MAX_KEYS counters)', (t) => {
    t.diagnostic(
      `heap growth after ${UNIQUE_VALUES} unique values: ${(heapGrowthBytes / 1048576).toFixed(1)} MiB`,
    );
    assert.ok(
      heapGrowthBytes < 64 * 1024 * 1024,
      `heap grew by ${Math.round(heapGrowthBytes / 1048576)} MiB`,
    );
  });
});
