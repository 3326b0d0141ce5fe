// Cached counting's statistics (docs/observability.md#cached-counting) from a real service on a
// real redis-server, in each sink: Prometheus /metrics, plain statsd over TCP and DogStatsD over
// UDP. One exact decision loads the key, one more of 4 hits is answered from memory, and the
// flush timer sends those 4 hits: the figures are exact whatever the timing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort, startRedis, stopAllServers, waitFor, type RedisServer } from '@repo/test-support';
import { FakeClock } from '../support/fake-clock';
import { parseSamples, sampleValue } from '../support/prometheus-text';
import {
  counterTotals,
  startTcpStatsdListener,
  startUdpStatsdListener,
  type StatsdListener,
} from '../support/stats-listeners';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `
domain: cached_obs
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 100, counting: cached }
`;
// Unix time 1764000000 (a multiple of 60): the minute window starts there.
const NOW_MS = 1_764_000_000_000 + 5_000;
const KEY = 'cached_obs_user_alice_1764000000';

/** What every sink must show after driveOneKey and one flush, with its kind. */
const EXPECTED = {
  flushes: 1,
  flushed_keys: 1,
  cached_decisions: 1,
  exact_decisions: 1,
  pending_hits: 0,
  cached_keys: 1,
} as const;

async function startCachedApp(redis: RedisServer, env: Record<string, string>): Promise<TestApp> {
  const rules = createRulesDir({ 'cached.yaml': RULES });
  return startTestApp(
    {
      ...rules.env,
      BACKEND_TYPE: 'redis',
      REDIS_URL: redis.url,
      CACHED_COUNTING_FLUSH_INTERVAL: '50ms',
      DISABLE_STATS: 'false',
      STATS_FLUSH_INTERVAL: '100ms',
      ...env,
    },
    { clock: new FakeClock(NOW_MS) },
  );
}

/** One exact decision (1 hit), then one from memory (4 hits); resolves once they are in Redis. */
async function driveOneKey(app: TestApp, redis: RedisServer): Promise<void> {
  await redis.command('DEL', KEY);
  const remaining = async (hits: number) =>
    (await app.grpc.shouldRateLimit({ ...rlsRequest('cached_obs', [['user', 'alice']]), hitsAddend: hits }))
      .statuses[0].limitRemaining;
  assert.equal(await remaining(1), 99);
  assert.equal(await remaining(4), 95);
  await waitFor(async () => (await redis.command('GET', KEY)) === '5', {
    timeoutMs: 5000,
    description: `the flush of 4 hits (${KEY} = 5 in Redis)`,
  });
}

describe('cached counting statistics of a service on Redis', () => {
  let redis: RedisServer;
  const listeners: StatsdListener[] = [];
  const apps: TestApp[] = [];

  before(async () => {
    redis = await startRedis();
  });
  after(async () => {
    for (const app of apps) await app.stop();
    for (const listener of listeners) await listener.close();
    await stopAllServers();
  });

  it('Prometheus: ratelimit_cached_<stat>{store="main"}', async () => {
    const port = await freePort();
    const app = await startCachedApp(redis, {
      USE_PUSHSTATS: 'false',
      USE_PULLSTATS: 'true',
      PULLSTATS_ADDR: `127.0.0.1:${port}`,
    });
    apps.push(app);
    await driveOneKey(app, redis);
    const scrape = async () => parseSamples(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
    await waitFor(
      async () => sampleValue(await scrape(), 'ratelimit_cached_flushes', { store: 'main' }) === 1,
      {
        timeoutMs: 5000,
        description: 'ratelimit_cached_flushes{store="main"} 1 on /metrics',
      },
    );
    const samples = await scrape();
    for (const [stat, value] of Object.entries(EXPECTED))
      assert.equal(sampleValue(samples, `ratelimit_cached_${stat}`, { store: 'main' }), value, stat);
  });

  it('statsd: ratelimit.cached.<stat>.__store=main, counters as deltas, gauges as values', async () => {
    const listener = await startTcpStatsdListener();
    listeners.push(listener);
    const app = await startCachedApp(redis, {
      USE_PUSHSTATS: 'true',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(listener.port),
    });
    apps.push(app);
    await driveOneKey(app, redis);
    await waitFor(() => counterTotals(listener.lines).get('ratelimit.cached.flushes.__store=main') === 1, {
      timeoutMs: 5000,
      description: 'ratelimit.cached.flushes.__store=main:1|c',
    });
    const totals = counterTotals(listener.lines);
    for (const [stat, value] of Object.entries(EXPECTED)) {
      const name = `ratelimit.cached.${stat}.__store=main`;
      const seen =
        stat === 'pending_hits' || stat === 'cached_keys'
          ? lastGauge(listener.lines, name)
          : totals.get(name);
      assert.equal(seen, value, stat);
    }
  });

  it('DogStatsD: ratelimit.cached.<stat> tagged store:main', async () => {
    const listener = await startUdpStatsdListener();
    listeners.push(listener);
    const app = await startCachedApp(redis, {
      USE_PUSHSTATS: 'false',
      USE_TAGGEDSTATS: 'true',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(listener.port),
    });
    apps.push(app);
    await driveOneKey(app, redis);
    await waitFor(() => counterTotals(listener.lines).get('ratelimit.cached.flushes|#store:main') === 1, {
      timeoutMs: 5000,
      description: 'ratelimit.cached.flushes:1|c|#store:main',
    });
    assert.equal(counterTotals(listener.lines).get('ratelimit.cached.flushed_keys|#store:main'), 1);
    assert.equal(counterTotals(listener.lines).get('ratelimit.cached.exact_decisions|#store:main'), 1);
    assert.ok(listener.lines.includes('ratelimit.cached.cached_keys:1|g|#store:main'));
  });
});

/** The last value sent for gauge `name` (`name:value|g`), or undefined. */
function lastGauge(lines: readonly string[], name: string): number | undefined {
  const prefix = `${name}:`;
  const line = lines.findLast((candidate) => candidate.startsWith(prefix) && candidate.endsWith('|g'));
  return line === undefined ? undefined : Number(line.slice(prefix.length, -2));
}
