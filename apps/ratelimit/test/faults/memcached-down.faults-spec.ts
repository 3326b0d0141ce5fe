// A memcached node failing under load (docs/stores.md#memcache): the memcache backend fails open. Keys on a
// frozen or dead node are decided as if their count were 0 (never an error), each failure is
// counted (ratelimit.memcache.multiget.__code=error), keys on the other node keep counting, and a
// restarted node counts again.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { startMemcached, stopAllServers, waitFor, type MemcachedServer } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startLoad, summarize, waitForCalls } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const RULES = `
domain: memc
descriptors:
  - key: strict
    rate_limit: { unit: hour, requests_per_unit: 3 }
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 100000000 }
`;
const KV_TIMEOUT_MS = 300;
const SCHEDULING_ALLOWANCE_MS = 700;
const MULTIGET_ERRORS = 'ratelimit.memcache.multiget.__code=error';
const STRICT_KEYS = Array.from({ length: 16 }, (_, i) => `s${i}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memcached node down under load', () => {
  let nodes: MemcachedServer[];
  let service: FaultService;

  before(async () => {
    nodes = [await startMemcached(), await startMemcached()];
    const rules = createRulesDir({ 'memc.yaml': RULES });
    service = await startFaultService({
      ...rules.env,
      BACKEND_TYPE: 'memcache',
      ALTCACHE_HOST_PORT: nodes.map((node) => node.url).join(','),
    });
  });
  after(async () => {
    await service?.stop();
    await stopAllServers();
  });

  const strictCode = async (key: string) =>
    (await service.grpc.call(rlsRequest('memc', [['strict', key]]))).code;

  // Longer than 40 lines on purpose: one load runs through the node's whole life (frozen, dead,
  // restarted), each phase starting from the counts the previous one left.
  it('fails open while a node is frozen, then dead; counts the failures; counts again after a restart', async (t) => {
    // Every strict key over its limit of 3 (memcached counts after answering: poll until it shows).
    for (const key of STRICT_KEYS) {
      await waitFor(async () => (await strictCode(key)) === 'OVER_LIMIT', {
        timeoutMs: 10_000,
        description: `${key} over its limit`,
      });
    }
    const errorsBefore = (await service.stats()).get(MULTIGET_ERRORS) ?? 0;
    const load = startLoad(
      { client: service.grpc, inFlight: 32, request: (n) => rlsRequest('memc', [['client', `c${n % 200}`]]) },
      t,
    );
    await waitForCalls(load, 1000);
    const victim = nodes[1];
    process.kill(victim.pid, 'SIGSTOP');
    const frozenAt = performance.now();
    let frozenCodes: string[];
    try {
      frozenCodes = await Promise.all(STRICT_KEYS.map(strictCode));
      await pause(Math.max(0, frozenAt + 1500 - performance.now()));
    } finally {
      process.kill(victim.pid, 'SIGCONT');
    }
    await victim.kill('SIGKILL');
    await waitForCalls(load, 1000);
    const deadCodes = await Promise.all(STRICT_KEYS.map(strictCode));
    await victim.restart();
    await waitForCalls(load, 1000);
    const records = await load.stop();

    const summary = summarize(records);
    const errors = ((await service.stats()).get(MULTIGET_ERRORS) ?? 0) - errorsBefore;
    reportFigure(t, 'memcached_down.calls', summary);
    reportFigure(t, 'memcached_down.multiget_errors_counted', errors);
    reportFigure(t, 'memcached_down.strict_keys_while_frozen', count(frozenCodes));
    reportFigure(t, 'memcached_down.strict_keys_while_dead', count(deadCodes));
    assert.ok(service.isAlive());
    assert.deepEqual(Object.keys(summary.outcomes), ['OK'], 'every call answered with a decision');
    assert.ok(
      summary.maxLatencyMs <= KV_TIMEOUT_MS + SCHEDULING_ALLOWANCE_MS,
      `max ${summary.maxLatencyMs} ms`,
    );
    assert.ok(errors > 0, 'the failed reads are counted');
    // Keys on the failed node read as 0 (OK again); keys on the other node stay over the limit.
    assert.ok(deadCodes.includes('OK') && deadCodes.includes('OVER_LIMIT'), deadCodes.join(','));
    assert.deepEqual(frozenCodes, deadCodes, 'the same keys fail open whether the node hangs or is gone');
    // The restarted node is empty: its keys count from 0 again up to the limit.
    const revived = STRICT_KEYS.find((_, i) => deadCodes[i] === 'OK') as string;
    await waitFor(async () => (await strictCode(revived)) === 'OVER_LIMIT', {
      timeoutMs: 10_000,
      description: `${revived} counted on the restarted node`,
    });
    assert.equal(await service.health(), 200);
  });
});

function count(codes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of codes) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}
