// Statistics of `rate_limits` nodes on every sink: the node's stats key counts each request once
// with the reported item's verdict, each item counts under `<stats key>.<label>`; plain statsd
// sends those names, DogStatsD runs them through the mogrifiers, and the built-in Prometheus
// mapping shows an item as its node's metric with a `limit` label.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { freePort, waitFor } from '@repo/test-support';
import { FakeClock } from '../support/fake-clock';
import { parseSamples, sampleValue } from '../support/prometheus-text';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';
import { counterTotals, startTcpStatsdListener, startUdpStatsdListener } from '../support/stats-listeners';

const RULES = `
domain: quota
descriptors:
  - key: account_id
    rate_limits:
      - { unit: minute, requests_per_unit: 2 }
      - { unit: day, requests_per_unit: 100, name: daily }
`;
const STATS_ON = { DISABLE_STATS: 'false', STATS_FLUSH_INTERVAL: '50ms' };

/** 3 hits in one minute: the minute item is reported (remaining 1, 0, then over). */
async function startWithTraffic(env: Record<string, string>): Promise<TestApp> {
  const clock = new FakeClock(1_764_000_000_000);
  const app = await startTestApp(
    { ...createRulesDir({ 'quota.yaml': RULES }).env, ...STATS_ON, ...env },
    { clock },
  );
  for (let i = 0; i < 3; i++) await app.grpc.shouldRateLimit(rlsRequest('quota', [['account_id', 'a']]));
  return app;
}

/** Waits until every expected counter total arrived; returns the totals. */
async function totalsOf(lines: readonly string[], expected: Map<string, number>) {
  return waitFor(
    () => {
      const sums = counterTotals(lines);
      return [...expected].every(([name, value]) => sums.get(name) === value) && sums;
    },
    { timeoutMs: 10_000, description: [...expected.keys()].join(', ') },
  );
}

const NODE = 'ratelimit.service.rate_limit.quota.account_id';

describe('statistics of several limits on one descriptor', () => {
  let app: TestApp | undefined;
  /** Stops the app before its collector goes, so the final flush finds it. */
  const stopApp = async () => {
    await app?.stop();
    app = undefined;
  };
  after(stopApp);

  it('statsd: the node once per request with the reported verdict, each item under its label', async () => {
    const collector = await startTcpStatsdListener();
    try {
      const env = { USE_PUSHSTATS: 'true', STATSD_HOST: '127.0.0.1', STATSD_PORT: String(collector.port) };
      app = await startWithTraffic(env);
      const expected = new Map([
        [`${NODE}.total_hits`, 3],
        [`${NODE}.within_limit`, 2],
        [`${NODE}.near_limit`, 1],
        [`${NODE}.over_limit`, 1],
        [`${NODE}.per_minute.total_hits`, 3],
        [`${NODE}.per_minute.over_limit`, 1],
        [`${NODE}.daily.total_hits`, 3],
        [`${NODE}.daily.within_limit`, 3],
      ]);
      const totals = await totalsOf(collector.lines, expected);
      assert.equal(totals.get(`${NODE}.daily.over_limit`), undefined);
    } finally {
      await stopApp();
      await collector.close();
    }
  });

  it('DogStatsD: item names go through the mogrifiers like any stat', async () => {
    const collector = await startUdpStatsdListener();
    try {
      const env = {
        USE_PUSHSTATS: 'false',
        USE_TAGGEDSTATS: 'true',
        STATSD_HOST: '127.0.0.1',
        STATSD_PORT: String(collector.port),
        TAGGEDSTATS_MOGRIFIERS: 'PERLIMIT',
        TAGGEDSTATS_MOGRIFIER_PERLIMIT_PATTERN: String.raw`^ratelimit\.service\.rate_limit\.([^.]+)\.(.+)\.([a-z_]+)$`,
        TAGGEDSTATS_MOGRIFIER_PERLIMIT_NAME: 'ratelimit.service.rate_limit.$3',
        TAGGEDSTATS_MOGRIFIER_PERLIMIT_TAGS: 'domain:$1,descriptor:$2',
      };
      app = await startWithTraffic(env);
      const tagged = (descriptor: string) =>
        `ratelimit.service.rate_limit.total_hits|#domain:quota,descriptor:${descriptor}`;
      const expected = new Map([
        [tagged('account_id'), 3],
        [tagged('account_id.per_minute'), 3],
        [tagged('account_id.daily'), 3],
      ]);
      await totalsOf(collector.lines, expected);
    } finally {
      await stopApp();
      await collector.close();
    }
  });

  it("Prometheus (built-in mapping): an item is its node's metric with a `limit` label", async () => {
    const port = await freePort();
    const env = { USE_PUSHSTATS: 'false', USE_PULLSTATS: 'true', PULLSTATS_ADDR: `127.0.0.1:${port}` };
    app = await startWithTraffic(env);
    const samples = parseSamples(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
    const value = (stat: string, limit?: string) =>
      sampleValue(samples, `ratelimit_service_rate_limit_${stat}`, {
        domain: 'quota',
        key1: 'account_id',
        ...(limit === undefined ? {} : { limit }),
      });
    assert.deepEqual(
      ['total_hits', 'within_limit', 'over_limit'].map((stat) => value(stat)),
      [3, 2, 1],
    );
    assert.deepEqual(
      ['total_hits', 'over_limit'].map((stat) => value(stat, 'per_minute')),
      [3, 1],
    );
    assert.deepEqual(
      ['total_hits', 'within_limit', 'over_limit'].map((stat) => value(stat, 'daily')),
      [3, 3, undefined],
    );
    assert.ok(!samples.some((sample) => sample.labels.key2 !== undefined), 'no item shows as a key level');
  });
});
