// Statistics pushed to real collectors: plain statsd over TCP (USE_PUSHSTATS, the reference's
// gostats TCP sink, EXTRA_TAGS inline in the name) and DogStatsD over UDP (USE_TAGGEDSTATS with
// mogrifiers in both the singular and the plural spelling), plus /stats on the debug listener.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';
import {
  counterTotals,
  startTcpStatsdListener,
  startUdpStatsdListener,
  type StatsdListener,
} from '../support/stats-listeners';

const RULES = `
domain: obs
descriptors:
  - key: user
    rate_limit: { unit: minute, requests_per_unit: 10 }
  - key: tight
    rate_limit: { unit: minute, requests_per_unit: 1 }
`;

/** 2 hits on obs.user (within), 2 on obs.tight (1 within, 1 over): 4 ShouldRateLimit calls. */
async function sendTraffic(app: TestApp): Promise<void> {
  for (const descriptor of [
    ['user', 'alice'],
    ['user', 'bob'],
    ['tight', 'x'],
    ['tight', 'x'],
  ] as const) {
    await app.grpc.shouldRateLimit(rlsRequest('obs', [[descriptor[0], descriptor[1]]]));
  }
}

const STATS_ON = { DISABLE_STATS: 'false', STATS_FLUSH_INTERVAL: '50ms', EXTRA_TAGS: 'env:e2e' };

describe('statsd over TCP (USE_PUSHSTATS)', () => {
  let collector: StatsdListener;
  let app: TestApp;

  before(async () => {
    collector = await startTcpStatsdListener();
    const rules = createRulesDir({ 'obs.yaml': RULES });
    app = await startTestApp({
      ...rules.env,
      ...STATS_ON,
      USE_PUSHSTATS: 'true',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(collector.port),
    });
    await sendTraffic(app);
  });
  after(async () => {
    await app?.stop();
    await collector?.close();
  });

  it('sends the reference stat names as counter deltas, with EXTRA_TAGS in gostats inline form', async () => {
    const expected = new Map([
      ['ratelimit.service.rate_limit.obs.user.total_hits.__env=e2e', 2],
      ['ratelimit.service.rate_limit.obs.user.within_limit.__env=e2e', 2],
      ['ratelimit.service.rate_limit.obs.tight.total_hits.__env=e2e', 2],
      ['ratelimit.service.rate_limit.obs.tight.within_limit.__env=e2e', 1],
      ['ratelimit.service.rate_limit.obs.tight.over_limit.__env=e2e', 1],
      ['ratelimit_server.ShouldRateLimit.total_requests.__env=e2e', 4],
      ['ratelimit.service.config_load_success.__env=e2e', 1],
    ]);
    const totals = await waitFor(
      () => {
        const sums = counterTotals(collector.lines);
        return [...expected].every(([name, value]) => sums.get(name) === value) && sums;
      },
      { timeoutMs: 10_000, description: 'the statsd counters' },
    );
    for (const [name, value] of expected) assert.equal(totals.get(name), value, name);
  });

  it('sends one timer line per call in milliseconds', async () => {
    const timers = await waitFor(
      () => {
        const lines = collector.lines.filter((line) =>
          line.startsWith('ratelimit_server.ShouldRateLimit.response_time'),
        );
        return lines.length === 4 && lines;
      },
      { timeoutMs: 10_000, description: 'the response_time samples' },
    );
    for (const line of timers) {
      assert.match(line, /^ratelimit_server\.ShouldRateLimit\.response_time\.__env=e2e:\d+(\.\d+)?\|ms$/);
    }
  });

  it('shows the same counters on the debug listener /stats', async () => {
    const text = await (await fetch(`${app.debugUrl}/stats`)).text();
    const lines = text.split('\n');
    for (const line of [
      'ratelimit.service.rate_limit.obs.user.total_hits: 2',
      'ratelimit.service.rate_limit.obs.tight.over_limit: 1',
      'ratelimit.service.rate_limit.obs.tight.near_limit: 1',
      'ratelimit_server.ShouldRateLimit.total_requests: 4',
      'ratelimit_server.ShouldRateLimit.response_time.count: 4',
      'ratelimit.service.config_load_success: 1',
    ]) {
      assert.ok(lines.includes(line), `/stats has "${line}"`);
    }
  });
});

describe('DogStatsD over UDP (USE_TAGGEDSTATS) with mogrifiers', () => {
  let collector: StatsdListener;
  let app: TestApp;

  before(async () => {
    collector = await startUdpStatsdListener();
    const rules = createRulesDir({ 'obs.yaml': RULES });
    app = await startTestApp({
      ...rules.env,
      ...STATS_ON,
      USE_PUSHSTATS: 'false',
      USE_TAGGEDSTATS: 'true',
      STATSD_HOST: '127.0.0.1',
      STATSD_PORT: String(collector.port),
      TAGGEDSTATS_MOGRIFIERS: 'PERLIMIT,SERVER',
      // singular spelling (the reference's code) ...
      TAGGEDSTATS_MOGRIFIER_PERLIMIT_PATTERN: String.raw`^ratelimit\.service\.rate_limit\.([^.]+)\.(.+)\.([a-z_]+)$`,
      TAGGEDSTATS_MOGRIFIER_PERLIMIT_NAME: 'ratelimit.service.rate_limit.$3',
      TAGGEDSTATS_MOGRIFIER_PERLIMIT_TAGS: 'domain:$1,descriptor:$2',
      // ... and plural spelling (the reference's README)
      TAGGEDSTATS_MOGRIFIERS_SERVER_PATTERN: String.raw`^ratelimit_server\.([^.]+)\.(.+)$`,
      TAGGEDSTATS_MOGRIFIERS_SERVER_NAME: 'ratelimit_server.$2',
      TAGGEDSTATS_MOGRIFIERS_SERVER_TAGS: 'grpc_method:$1',
    });
    await sendTraffic(app);
  });
  after(async () => {
    await app?.stop();
    await collector?.close();
  });

  it('sends mogrified names with the inline tags first, then the mogrifier tags', async () => {
    const expected = new Map([
      ['ratelimit.service.rate_limit.total_hits|#env:e2e,domain:obs,descriptor:user', 2],
      ['ratelimit.service.rate_limit.total_hits|#env:e2e,domain:obs,descriptor:tight', 2],
      ['ratelimit.service.rate_limit.over_limit|#env:e2e,domain:obs,descriptor:tight', 1],
      ['ratelimit_server.total_requests|#env:e2e,grpc_method:ShouldRateLimit', 4],
      // no mogrifier matches: the name stays, EXTRA_TAGS become tags
      ['ratelimit.service.config_load_success|#env:e2e', 1],
    ]);
    const totals = await waitFor(
      () => {
        const sums = counterTotals(collector.lines);
        return [...expected].every(([name, value]) => sums.get(name) === value) && sums;
      },
      { timeoutMs: 10_000, description: 'the DogStatsD counters' },
    );
    for (const [name, value] of expected) assert.equal(totals.get(name), value, name);
  });

  it('sends timers with their tags', async () => {
    const timers = await waitFor(
      () => {
        const lines = collector.lines.filter((line) => line.startsWith('ratelimit_server.response_time:'));
        return lines.length === 4 && lines;
      },
      { timeoutMs: 10_000, description: 'the response_time samples' },
    );
    for (const line of timers) {
      assert.match(
        line,
        /^ratelimit_server\.response_time:\d+(\.\d+)?\|ms\|#env:e2e,grpc_method:ShouldRateLimit$/,
      );
    }
  });
});
