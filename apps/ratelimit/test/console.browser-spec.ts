// The operator console (GET /console on the debug listener) in Debian's headless Chromium, with
// the memory store and with Redis: traffic sent over gRPC shows in the charts and the limited
// list, a bad rules paste shows positioned errors, and the try form answers as /json does.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchChromium, startRedis, stopAllServers, waitFor, type RedisServer } from '@repo/test-support';
import type { BrowserContext } from 'playwright-core';
import { ConsolePage } from './support/console-page';
import { FakeClock } from './support/fake-clock';
import { manyRulesYaml } from '../load/hostile-rules';
import { createRulesDir, type RulesDir } from '../load/rules-dir';
import { rlsRequest } from '../load/rls-client';
import { startTestApp, type TestApp } from './support/start-app';

const RULES = `domain: shop
descriptors:
  - key: path
    value: /checkout
    rate_limit: { unit: minute, requests_per_unit: 3 }
  - key: remote_address
    detailed_metric: true
    rate_limit: { unit: minute, requests_per_unit: 1, name: per_client }
  - key: account
    rate_limits:
      - { unit: second, requests_per_unit: 4 }
      - { unit: day, requests_per_unit: 250, name: daily, counting: cached }
`;
const BAD_YAML = `domain: shop
descriptors:
  - key: path
    rate_limit: { unit: fortnight, requests_per_unit: 1 }
`;
// 5 s into a minute (1764000000 is a multiple of 60): the test moves the clock by hand, so no
// window ends mid-test.
const START_MS = 1_764_000_000_000 + 5_000;
const SCREENSHOT = join(process.cwd(), '.tmp', 'test-artifacts', 'ratelimit', 'console.png');

const BACKENDS: readonly { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: 'memory', env: async () => ({ BACKEND_TYPE: 'memory' }) },
  {
    name: 'redis',
    env: async () => ({ BACKEND_TYPE: 'redis', REDIS_URL: (redis ??= await startRedis()).url }),
  },
];
let redis: RedisServer | undefined;

for (const backend of BACKENDS) {
  describe(`operator console in Chromium (${backend.name} store)`, () => {
    let app: TestApp;
    let browser: BrowserContext;
    let sut: ConsolePage;
    let rules: RulesDir;
    let clock: FakeClock;

    before(async () => {
      rules = createRulesDir({ 'shop.yaml': RULES });
      clock = new FakeClock(START_MS);
      app = await startTestApp({ ...rules.env, ...(await backend.env()) }, { clock });
      browser = await launchChromium();
      const page = await browser.newPage();
      await page.goto(`${app.debugUrl}/console`);
      sut = new ConsolePage(page);
    });
    after(async () => {
      await browser?.close();
      await app?.stop();
      await stopAllServers();
      redis = undefined;
    });

    it('shows the rules in force as a tree', async () => {
      const domain = sut.page.getByRole('group', { name: 'domain shop' });
      await domain.getByText('path = /checkout', { exact: true }).waitFor();
      assert.equal(await domain.getByText('3 per MINUTE (fixed_window)', { exact: true }).count(), 1);
      assert.equal(await domain.getByText('name per_client', { exact: true }).count(), 1);
      assert.equal(await domain.getByText('counting: cached', { exact: true }).count(), 1);
    });

    it('charts traffic sent over gRPC and lists who is limited', async () => {
      for (let i = 0; i < 5; i++) await app.grpc.shouldRateLimit(rlsRequest('shop', [['path', '/checkout']]));
      for (const [address, calls] of [
        ['10.0.0.1', 4],
        ['10.0.0.2', 2],
      ] as const) {
        for (let i = 0; i < calls; i++)
          await app.grpc.shouldRateLimit(rlsRequest('shop', [['remote_address', address]]));
      }
      // columns: key, chart, requests/s, over/s, requests, near limit, over limit (15 min)
      const cells = await sut.waitForTraffic(
        'shop.path_/checkout',
        (row) => row[4] === '5' && row[6] === '2',
      );
      assert.deepEqual(cells.slice(4), ['5', '1', '2']);
      assert.equal(await sut.chart('shop.path_/checkout').locator('polyline').count(), 3);
      assert.deepEqual(await sut.waitForLimited('shop.remote_address', 2), [
        ['remote_address=10.0.0.1', '3', '0'],
        ['remote_address=10.0.0.2', '1', '0'],
      ]);
      assert.deepEqual(await sut.waitForLimited('shop.path_/checkout', 1), [['path=/checkout', '2', '0']]);
    });

    it('draws traffic over several seconds (the screenshot of the manual)', async (t) => {
      for (let burst = 1; burst <= 8; burst++) {
        const shown = await sut.page.getByRole('status', { name: 'Last update' }).textContent();
        for (let i = 0; i < 2 + (burst % 4) * 2; i++)
          await app.grpc.shouldRateLimit(rlsRequest('shop', [['account', `acct-${burst % 3}`]]));
        clock.advance(1000);
        // the next burst goes to the next second the page shows
        await waitFor(
          async () => (await sut.page.getByRole('status', { name: 'Last update' }).textContent()) !== shown,
          {
            timeoutMs: 10_000,
            description: 'the page to show the next second',
          },
        );
      }
      const cells = await sut.waitForTraffic('shop.account', (row) => Number(row[4]) > 0);
      assert.equal(cells[0], 'shop.account');
      if (backend.name !== 'memory') return;
      mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
      await sut.page.screenshot({ path: SCREENSHOT, fullPage: true });
      t.diagnostic(`screenshot: ${SCREENSHOT}`);
    });

    it('shows the errors of a bad rules paste with line and column', async () => {
      await sut.checkRules(BAD_YAML);
      assert.deepEqual(await sut.checkErrors(), [
        "line 4, column 17: pasted.yaml: invalid rate limit unit 'fortnight' (line 4, column 17)",
      ]);
    });

    it('counts every change of a large paste and lists the first 1,000', async () => {
      const lines = Array.from(
        { length: 1500 },
        (_, n) => `  - {key: user, value: u${n}, rate_limit: {unit: hour, requests_per_unit: ${n + 1}}}`,
      );
      await sut.checkRules(['domain: pasted', 'descriptors:', ...lines, ''].join('\n'));
      assert.deepEqual(await sut.checkSummary(), {
        summary: 'No errors; 1500 limit change(s) against the rules in force (the first 1000 shown).',
        listed: 1000,
      });
    });

    it('answers the try form as /json answers the same request', async () => {
      const body = {
        domain: 'shop',
        descriptors: [{ entries: [{ key: 'remote_address', value: '10.0.0.9' }] }],
      };
      const readOnly = await sut.tryRequest('shop', 'remote_address=10.0.0.9');
      const json = await app.json({ ...body, descriptors: [{ ...body.descriptors[0], hits_addend: 0 }] });
      assert.equal(readOnly, `HTTP ${json.status}\n${JSON.stringify(json.body, null, 2)}`);
      const counted = await sut.tryRequest('shop', 'remote_address=10.0.0.9', 1);
      const next = await app.json(body);
      assert.equal(counted.split('\n')[0], 'HTTP 200');
      assert.equal(next.status, 429, 'the counted try used the one request of the minute');
    });

    it('shows the error of a failed load while the good rules stay', async () => {
      rules.write(
        'shop.yaml',
        'domain: shop\ndescriptors:\n  - key: path\n    rate_limit: { unit: fortnight }\n',
      );
      const alert = sut.page.getByRole('alert');
      const text = await waitFor(async () => ((await alert.isVisible()) ? alert.textContent() : undefined), {
        timeoutMs: 15_000,
        description: 'the failed load on the page',
      });
      assert.match(text ?? '', /^The last load failed at .*; the rules below stay in force\. shop\.yaml: /);
      await sut.page.getByText('path = /checkout', { exact: true }).waitFor();
    });

    it('shows the first 2,000 descriptors of many, and says how many there are', async () => {
      rules.write('shop.yaml', RULES);
      rules.write('many.yaml', manyRulesYaml(2100, 'many'));
      const note = 'Showing the first 2000 of 2103 descriptors; /rlconfig lists every limit.';
      await sut.page.getByText(note, { exact: true }).waitFor({ timeout: 15_000 });
      const many = sut.page.getByRole('group', { name: 'domain many' });
      // files load in name order: many.yaml's before shop.yaml's
      assert.equal(await many.locator('li').count(), 2000);
      rules.remove('many.yaml');
    });
  });
}
