// A flood of 1,000,000 unique descriptor values (envoyproxy/ratelimit #275, #1132): half through a
// detailed_metric rule, half through request overrides, every one over its limit at once so it
// also lands in the local over-limit cache. Memory stays bounded by STATS_MAX_KEYS (per-value
// stats), LOCAL_CACHE_SIZE_IN_BYTES (local cache) and MEMORY_MAX_KEYS (counters); the peak RSS
// is read from /proc/<pid>/status (VmHWM).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { createRulesDir } from '../../load/rules-dir';
import { processMemory, reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: flood
descriptors:
  - key: user
    detailed_metric: true
    rate_limit: { unit: hour, requests_per_unit: 0 }
`;
const UNIQUE_VALUES = 1_000_000;
const PER_REQUEST = 100; // half detailed_metric, half overrides
const IN_FLIGHT = 8;
const STATS_MAX_KEYS = 10_000;
const MEMORY_MAX_KEYS = 200_000;
const LOCAL_CACHE_BYTES = 16 * 1024 * 1024;
/** Far below what 1M stats objects, counters and cache entries would take without the bounds. */
const PEAK_RSS_BOUND_MIB = 1024;

function floodRequest(first: number): object {
  const descriptors = [];
  for (let i = first; i < first + PER_REQUEST; i++) {
    const value = `v${i.toString(36)}`;
    descriptors.push(
      i % 2 === 0
        ? { entries: [{ key: 'user', value }] }
        : { entries: [{ key: 'override', value }], limit: { requestsPerUnit: 0, unit: 'HOUR' } },
    );
  }
  return { domain: 'flood', descriptors };
}

describe('a flood of unique descriptor values', () => {
  let service: FaultService;

  before(async () => {
    const rules = createRulesDir({ 'flood.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'memory',
      STATS_MAX_KEYS: String(STATS_MAX_KEYS),
      MEMORY_MAX_KEYS: String(MEMORY_MAX_KEYS),
      LOCAL_CACHE_SIZE_IN_BYTES: String(LOCAL_CACHE_BYTES),
    });
  });
  after(async () => {
    await service?.stop();
  });

  it(`keeps memory bounded through ${UNIQUE_VALUES} unique values`, async (t) => {
    const baseline = processMemory(service.pid);
    const samples: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < UNIQUE_VALUES) {
        const first = next;
        next += PER_REQUEST;
        const outcome = await service.grpc.call(floodRequest(first), 30_000);
        assert.equal(outcome.code, 'OVER_LIMIT', outcome.details);
        if (first % (UNIQUE_VALUES / 4) === 0) samples.push(processMemory(service.pid).rssMiB);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (performance.now() - started) / 1000;
    const memory = processMemory(service.pid);
    const stats = await service.stats();
    const statKeys = new Set(
      [...stats.keys()]
        .filter((name) => name.startsWith('ratelimit.service.rate_limit.flood.'))
        .map((name) => name.slice(0, name.lastIndexOf('.'))),
    );

    reportFigure(t, 'flood.seconds', seconds.toFixed(1));
    reportFigure(t, 'flood.rss_mib', { baseline: baseline.rssMiB, quarters: samples, end: memory.rssMiB });
    reportFigure(t, 'flood.peak_rss_mib', memory.peakRssMiB);
    reportFigure(t, 'flood.distinct_stat_keys', statKeys.size);
    reportFigure(t, 'flood.local_cache', {
      entries: stats.get('ratelimit.localcache.entryCount'),
      evacuated: stats.get('ratelimit.localcache.evacuateCount'),
    });
    assert.ok(service.isAlive());
    assert.ok(statKeys.size <= STATS_MAX_KEYS, `${statKeys.size} stat keys`);
    assert.ok((stats.get('ratelimit.service.rate_limit.stats_overflow.other.over_limit') ?? 0) > 0);
    assert.ok(memory.peakRssMiB < PEAK_RSS_BOUND_MIB, `peak RSS ${memory.peakRssMiB} MiB`);
    assert.equal(await service.health(), 200);
  });
});
