// Huge descriptor values against the memory store (the default without a store URL): two rounds
// of 120 calls, each call with its own 1.3 MB value on a limited key (under its limit, over it so
// the local over-limit cache and the console's "who is limited" see it too, on a detailed_metric
// rule) or as an unknown domain, while one caller keeps asking about an ordinary key. Before keys were bounded, every such value stayed
// in the store as a counter key until its window ended (measured: RSS +455 MiB for 100 calls,
// against the Helm chart's 512 MiB limit). Now a key over 250 characters is kept as its
// 51-character digest (docs/stores.md#memory-the-default-without-a-store), the console keeps
// 200 characters of a value and a stats key over 256 characters counts under the overflow key
// (100 such unknown domains kept 245 MiB of heap): nothing of the values outlives its call. RSS is read from
// /proc/<pid>/status as in memory-flood.faults-spec.ts, polled for up to 20 s while V8 collects the
// garbage of the last calls (the heap used, from /debug/vars, is only reported).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import type { Outcome } from '../../load/fault-client';
import { processMemory, reportFigure, startFaultService, type FaultService } from './fault-service';

const USER_LIMIT = 40;
const RULES = `
domain: hostile
descriptors:
  - key: user
    rate_limit: { unit: hour, requests_per_unit: ${USER_LIMIT} }
  - key: jwt
    rate_limit: { unit: hour, requests_per_unit: 0 }
  - key: metered
    detailed_metric: true
    rate_limit: { unit: hour, requests_per_unit: 1000 }
`;
const CALLS_PER_ROUND = 120;
const VALUE_BYTES = 1_300_000;
const IN_FLIGHT = 4;
const LOCAL_CACHE_BYTES = 16 * 1024 * 1024;
const MiB = 1024 * 1024;
/**
 * Growth of the resident set over the idle baseline. What stays is not the values but room for
 * the next ones: V8's young generation grown for the 1.3 MB messages and freed message buffers
 * the C allocator keeps for reuse. Measured 66-88 MiB after the two rounds (75 MiB after 360
 * calls: it does not grow with them). The unbounded store held 455 MiB after 100 calls; the
 * console keeping each value behind its 200-character cut (at most 64 a minute) 164-184 MiB.
 */
const RSS_GROWTH_BOUND_MIB = 128;
/** A generous bound for the ordinary caller while the service decodes and hashes 1.3 MB messages. */
const ORDINARY_LATENCY_BOUND_MS = 2000;
const HUGE = 'x'.repeat(VALUE_BYTES);

/**
 * Call i brings a huge text of its own, in turn as the value of `user` (under its limit), of `jwt`
 * (limit 0), of `metered` (a per-value stats key) and as an unknown domain (per-domain stats).
 */
function hostileRequest(i: number): { request: object; expected: string } {
  const huge = `${i}:${HUGE}`;
  const kind = (['user', 'jwt', 'metered', 'domain'] as const)[i % 4];
  const request =
    kind === 'domain'
      ? { domain: huge, descriptors: [{ entries: [{ key: 'user', value: 'alice' }] }] }
      : { domain: 'hostile', descriptors: [{ entries: [{ key: kind, value: huge }] }] };
  return { request, expected: kind === 'jwt' ? 'OVER_LIMIT' : 'OK' };
}

/** The n-th ordinary call (from 1): `user=alice` counts down from USER_LIMIT, `jwt=bob` is always over. */
function checkOrdinary(n: number, outcome: Outcome): void {
  const statuses = outcome.response?.statuses ?? [];
  const alice =
    n <= USER_LIMIT ? { code: 'OK', remaining: USER_LIMIT - n } : { code: 'OVER_LIMIT', remaining: 0 };
  assert.deepEqual(
    [outcome.code, statuses[0]?.code, statuses[0]?.limitRemaining ?? 0, statuses[1]?.code],
    ['OVER_LIMIT', alice.code, alice.remaining, 'OVER_LIMIT'],
    `ordinary call ${n}: ${outcome.details ?? ''}`,
  );
}

const ORDINARY = {
  domain: 'hostile',
  descriptors: [{ entries: [{ key: 'user', value: 'alice' }] }, { entries: [{ key: 'jwt', value: 'bob' }] }],
};

interface Ordinary {
  calls: number;
  slowestMs: number;
}

/** Calls `first` .. `first + CALLS_PER_ROUND - 1`, IN_FLIGHT at a time, while the ordinary caller calls in a loop. */
async function runRound(service: FaultService, first: number, ordinary: Ordinary): Promise<void> {
  let next = first;
  let isStopped = false; // an ordinary call failed: the test ends, so does the flood
  const hostile = async () => {
    while (!isStopped && next < first + CALLS_PER_ROUND) {
      const { request, expected } = hostileRequest(next++);
      const outcome = await service.grpc.call(request, 30_000);
      assert.equal(outcome.code, expected, outcome.details);
    }
  };
  let hostileDone = false;
  const flood = Promise.all(Array.from({ length: IN_FLIGHT }, hostile)).finally(() => (hostileDone = true));
  try {
    while (!hostileDone || ordinary.calls <= USER_LIMIT) {
      const started = performance.now();
      const outcome = await service.grpc.call(ORDINARY, 10_000);
      ordinary.slowestMs = Math.max(ordinary.slowestMs, performance.now() - started);
      checkOrdinary(++ordinary.calls, outcome);
    }
  } catch (error) {
    isStopped = true;
    await flood.catch(() => undefined);
    throw error;
  }
  await flood;
}

async function heapUsedMiB(service: FaultService): Promise<number> {
  const vars = await fetch(`http://127.0.0.1:${service.debugPort}/debug/vars`);
  return ((await vars.json()) as { memory: { heapUsed: number } }).memory.heapUsed / MiB;
}

/** RSS once below `boundMiB`, polled while the idle service collects its garbage. */
async function settledRssMiB(service: FaultService, boundMiB: number): Promise<number> {
  const description = `RSS below ${boundMiB} MiB`;
  const probe = () => processMemory(service.pid).rssMiB < boundMiB && processMemory(service.pid).rssMiB;
  return waitFor(probe, { timeoutMs: 20_000, intervalMs: 250, description }).catch((error: Error) =>
    assert.fail(`${error.message}: ${processMemory(service.pid).rssMiB} MiB`),
  );
}

describe('huge descriptor values against the memory store', () => {
  let service: FaultService;

  before(async () => {
    const rules = createRulesDir({ 'hostile.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'memory',
      LOCAL_CACHE_SIZE_IN_BYTES: String(LOCAL_CACHE_BYTES),
      CONSOLE_ENABLED: 'true',
    });
  });
  after(async () => {
    await service?.stop();
  });

  it(`keeps memory bounded through 2 x ${CALLS_PER_ROUND} calls with distinct 1.3 MB values`, async (t) => {
    const baseline = { rssMiB: processMemory(service.pid).rssMiB, heapMiB: await heapUsedMiB(service) };
    const ordinary: Ordinary = { calls: 0, slowestMs: 0 };
    await runRound(service, 0, ordinary);
    const firstRoundMiB = processMemory(service.pid).rssMiB;
    await runRound(service, CALLS_PER_ROUND, ordinary);
    const { rssMiB, peakRssMiB } = processMemory(service.pid);
    const heapMiB = await heapUsedMiB(service);
    const settleStarted = performance.now();
    const settledMiB = await settledRssMiB(service, baseline.rssMiB + RSS_GROWTH_BOUND_MIB);

    reportFigure(t, 'hostile_memory.rss_mib', {
      baseline: baseline.rssMiB,
      firstRoundMiB,
      rssMiB,
      peakRssMiB,
      settledMiB,
      settleMs: Math.round(performance.now() - settleStarted),
    });
    reportFigure(t, 'hostile_memory.heap_mib', {
      baseline: Math.round(baseline.heapMiB),
      end: Math.round(heapMiB),
    });
    reportFigure(t, 'hostile_memory.ordinary', {
      calls: ordinary.calls,
      slowestMs: Math.round(ordinary.slowestMs),
    });
    assert.ok(service.isAlive());
    assert.ok(
      ordinary.slowestMs < ORDINARY_LATENCY_BOUND_MS,
      `slowest ordinary call ${ordinary.slowestMs} ms`,
    );
    assert.equal(await service.health(), 200);
  });

  it("cuts the values shown by the console's who-is-limited to 200 characters", async () => {
    const answer = await fetch(`http://127.0.0.1:${service.debugPort}/console/api/limited?top=64`);
    const { rules } = (await answer.json()) as { rules: { top: { value: string }[] }[] };
    const values = rules.flatMap((rule) => rule.top.map((hit) => hit.value));
    assert.ok(values.length > 1, JSON.stringify(values));
    for (const value of values) assert.ok(value.length <= 'jwt='.length + 200, `${value.length} characters`);
  });
});
