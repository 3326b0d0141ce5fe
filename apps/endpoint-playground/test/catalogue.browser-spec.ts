import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '@repo/test-support';
import type { BrowserContext } from 'playwright-core';
import { playgroundEndpoint } from '../common/playground-endpoint';
import { PlaygroundPage } from './support/playground-page';
import { startPlayground, type RunningPlayground } from './support/start-playground';

// The catalogue of GitHub's operations on the built page, in Debian's headless Chromium: search,
// the generated form, its sync with the Parameters JSON, the shareable URL, and the load order.

/**
 * Bytes of the page's first load before the catalogue existed (index.html 4116 + playground.css
 * 2973 + playground.js 44920, uncompressed): the catalogue must not make the first load larger.
 */
const FIRST_LOAD_BUDGET_BYTES = 52_009;
/** One frame at 60 Hz: a search must answer within it to keep up with typing. */
const FRAME_MS = 1000 / 60;
const ISSUE = { owner: 'octokit', repo: 'endpoint.js', title: 'Typed routes' };
const SCREENSHOT = join(process.cwd(), '.tmp', 'test-artifacts', 'endpoint-playground', 'catalogue.png');

interface LoadFigures {
  readonly firstLoadBytes: number;
  readonly firstLoadTransferred: number;
  readonly firstLoadFiles: string[];
  readonly catalogueStart: number;
  readonly loadEventEnd: number;
  readonly catalogueBytes: number;
  readonly catalogueTransferred: number;
}

describe('route catalogue in Chromium', () => {
  let server: RunningPlayground;
  let browser: BrowserContext;
  before(async () => {
    server = await startPlayground();
    browser = await launchChromium({ clipboardOrigin: server.baseUrl });
  });
  after(async () => {
    await browser?.close();
    await server?.app.close();
  });

  const open = async (pathOrUrl = '/') => {
    const page = await browser.newPage();
    await page.goto(new URL(pathOrUrl, server.baseUrl).href);
    return new PlaygroundPage(page);
  };
  const api = async (input: object) => {
    const response = await fetch(`${server.baseUrl}/api/endpoint`, {
      method: 'POST',
      body: JSON.stringify(input),
    });
    return response.json();
  };

  it('loads the catalogue after the page is usable, and the first load is no larger than before', async (t) => {
    const sut = await open();
    await sut.searchBox();
    const figures: LoadFigures = await sut.page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const early = resources.filter((entry) => entry.startTime < navigation.loadEventEnd);
      const catalogue = resources.find((entry) => entry.name.endsWith('/routes.json'));
      return {
        firstLoadBytes: navigation.decodedBodySize + early.reduce((sum, e) => sum + e.decodedBodySize, 0),
        firstLoadTransferred: navigation.transferSize + early.reduce((sum, e) => sum + e.transferSize, 0),
        firstLoadFiles: early.map((entry) => new URL(entry.name).pathname),
        catalogueStart: catalogue?.startTime ?? -1,
        loadEventEnd: navigation.loadEventEnd,
        catalogueBytes: catalogue?.decodedBodySize ?? -1,
        catalogueTransferred: catalogue?.transferSize ?? -1,
      };
    });
    t.diagnostic(`first load: ${figures.firstLoadBytes} bytes (${figures.firstLoadTransferred} transferred)`);
    t.diagnostic(`first load files: ${figures.firstLoadFiles.join(', ')}`);
    t.diagnostic(
      `routes.json: ${figures.catalogueBytes} bytes (${figures.catalogueTransferred} transferred)`,
    );
    assert.ok(figures.firstLoadBytes <= FIRST_LOAD_BUDGET_BYTES, `${figures.firstLoadBytes} bytes`);
    assert.ok(!figures.firstLoadFiles.includes('/routes.json'));
    assert.ok(
      figures.catalogueStart >= figures.loadEventEnd,
      'routes.json is requested after the load event',
    );
    assert.ok(figures.catalogueTransferred < figures.catalogueBytes / 3, 'routes.json comes gzipped');
    await sut.page.close();
  });

  it('finds "Create an issue" by words of its summary, its path or its operation id, within a frame', async (t) => {
    const sut = await open();
    const box = await sut.searchBox();
    await box.focus();
    const timesMs: number[] = [];
    for (const key of 'issue create') {
      await sut.page.keyboard.type(key);
      timesMs.push(Number(await sut.page.locator('#operation-results').getAttribute('data-search-ms')));
    }
    await sut.operationResult('Create an issue').waitFor();
    const sorted = [...timesMs].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    t.diagnostic(`search per keystroke: median ${median.toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms`);
    assert.ok(median <= FRAME_MS, `median ${median} ms`);
    for (const query of ['/repos/{owner}/{repo}/issues post', 'issues/create']) {
      await box.fill(query);
      await sut.operationResult('Create an issue').waitFor();
    }
    await sut.page.close();
  });

  it('fills the route and a form; owner, repo and title give what endpoint() gives in Node', async () => {
    const sut = await open();
    await sut.chooseOperation('create an issue', 'Create an issue');
    assert.equal(await sut.field('Route').inputValue(), 'POST /repos/{owner}/{repo}/issues');
    const docs = sut.page.getByRole('link', { name: /^GitHub's documentation: Create an issue/ });
    assert.equal(
      await docs.getAttribute('href'),
      'https://docs.github.com/rest/issues/issues#create-an-issue',
    );
    for (const [name, value] of Object.entries(ISSUE)) await sut.parameter(name).fill(value);
    // The Result region is JSON: compare with endpoint()'s result as JSON (its body has no prototype).
    const expected = JSON.parse(
      JSON.stringify(playgroundEndpoint('POST /repos/{owner}/{repo}/issues', ISSUE)),
    );
    const result = await sut.result((r) => JSON.stringify(r.body) === JSON.stringify({ title: ISSUE.title }));
    assert.deepEqual(result, expected);
    assert.deepEqual(JSON.parse(await sut.field('Parameters').inputValue()), ISSUE);
    assert.deepEqual(await api({ route: 'POST /repos/{owner}/{repo}/issues', parameters: ISSUE }), expected);
    // The JSON editor stays: what is typed there shows in the form.
    await sut.type('Parameters', '{"owner": "o", "repo": "r", "title": 7, "labels": ["bug", "help"]}');
    assert.equal(await sut.parameter('title').inputValue(), '7');
    assert.equal(await sut.parameter('labels').inputValue(), '["bug","help"]');
    assert.equal(await sut.parameter('body').inputValue(), '');
    await sut.page.close();
  });

  it('offers the values of an enum parameter, and its default', async () => {
    const sut = await open();
    await sut.chooseOperation('list repository issues', 'List repository issues');
    const state = sut.parameter('state');
    assert.deepEqual(await state.locator('option').allTextContents(), ['(not set)', 'open', 'closed', 'all']);
    assert.match(
      (await sut.page.locator('#operation-form').textContent()) ?? '',
      /state\s*string, query, default "open"/,
    );
    await sut.parameter('owner').fill('octokit');
    await sut.parameter('repo').fill('endpoint.js');
    await state.selectOption('closed');
    await sut.parameter('per_page').fill('5');
    const url = 'https://api.github.com/repos/octokit/endpoint.js/issues?state=closed&per_page=5';
    await sut.result((r) => r.url === url);
    assert.deepEqual(JSON.parse(await sut.field('Parameters').inputValue()), {
      owner: 'octokit',
      repo: 'endpoint.js',
      state: 'closed',
      per_page: 5,
    });
    await sut.page.close();
  });

  it('flags a missing required path parameter as soon as the operation is chosen', async (t) => {
    const sut = await open();
    await sut.chooseOperation('create an issue', 'Create an issue');
    const missing = sut.page.locator('#operation-missing');
    assert.equal(await missing.textContent(), 'Missing required parameters: owner, repo, title.');
    await sut.parameter('repo').fill('endpoint.js');
    await sut.parameter('title').fill('No owner');
    assert.equal(await missing.textContent(), 'Missing required parameters: owner.');
    assert.equal(await sut.parameter('owner').getAttribute('aria-invalid'), 'true');
    assert.equal(await sut.parameter('repo').getAttribute('aria-invalid'), 'false');
    assert.ok(
      (await sut.warnings()).some((warning) => warning.startsWith('Placeholder {owner} is not filled')),
    );
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await sut.page.screenshot({ path: SCREENSHOT, fullPage: true });
    t.diagnostic(`screenshot: ${SCREENSHOT}`);
    // Defaults count too: an owner there is not missing.
    await sut.type('Defaults', '{"owner": "octokit"}');
    assert.equal(await missing.textContent(), '');
    assert.equal(await sut.parameter('owner').getAttribute('aria-invalid'), 'false');
    await sut.page.close();
  });

  it('restores the chosen operation and its form from the shareable URL', async () => {
    const sut = await open();
    await sut.chooseOperation('create an issue', 'Create an issue');
    for (const [name, value] of Object.entries(ISSUE)) await sut.parameter(name).fill(value);
    const result = await sut.result((r) => r.method === 'post' && r.body !== undefined);
    const shareUrl = await sut.page.getByLabel('Shareable URL').inputValue();
    assert.match(shareUrl, /&operation=issues%2Fcreate$/);
    await sut.page.close();

    const shared = await open(shareUrl);
    for (const round of ['opened', 'reloaded']) {
      if (round === 'reloaded') await shared.page.reload();
      await shared.searchBox();
      assert.equal(await shared.page.locator('#operation-title').textContent(), 'Create an issue', round);
      for (const [name, value] of Object.entries(ISSUE)) {
        assert.equal(await shared.parameter(name).inputValue(), value, `${round}: ${name}`);
      }
      assert.deepEqual(await shared.result((r) => r.method === 'post'), result, round);
    }
    // An operation that does not match the route (or is unknown) is dropped, from the URL too.
    const mismatched = await open('/#route=GET+%2Fmeta&operation=issues%2Fcreate');
    await mismatched.searchBox();
    assert.equal(await mismatched.page.locator('#operation-form').isHidden(), true);
    assert.equal(
      await mismatched.page.getByLabel('Shareable URL').inputValue(),
      `${server.baseUrl}/#route=GET+%2Fmeta`,
    );
    await mismatched.page.close();
    // Typing another route by hand leaves the operation: its form goes, and so does it from the URL.
    await shared.type('Route', 'GET /meta');
    await shared.result((r) => String(r.url).startsWith('https://api.github.com/meta?owner=octokit'));
    assert.equal(await shared.page.locator('#operation-form').isHidden(), true);
    assert.doesNotMatch(await shared.page.getByLabel('Shareable URL').inputValue(), /operation=/);
    await shared.page.close();
  });
});
