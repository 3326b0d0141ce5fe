import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '@repo/test-support';
import type { BrowserContext } from 'playwright-core';
import { toCurl } from '../common/to-curl';
import { toFetch } from '../common/to-fetch';
import type { RequestOptions } from '@repo/endpoint';
import { PlaygroundPage } from './support/playground-page';
import { startPlayground, type RunningPlayground } from './support/start-playground';

// The built playground in Debian's headless Chromium: what the page computes must equal what
// POST /api/endpoint answers for the same input.

const USER_AGENT = 'repo-endpoint.js/0.1.0 endpoint-playground';
const ACCEPT = 'application/vnd.github.v3+json';
const SCREENSHOT = join(process.cwd(), '.tmp', 'test-artifacts', 'endpoint-playground', 'playground.png');

describe('endpoint playground in Chromium', () => {
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

  const api = async (input: object) => {
    const response = await fetch(`${server.baseUrl}/api/endpoint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return { status: response.status, json: (await response.json()) as RequestOptions };
  };
  const open = async (pathOrUrl = '/') => {
    const page = await browser.newPage();
    await page.goto(new URL(pathOrUrl, server.baseUrl).href);
    return new PlaygroundPage(page);
  };

  it('computes the result of a typed route and parameters, equal to POST /api/endpoint', async () => {
    const sut = await open();
    await sut.type('Route', 'PATCH /repos/{owner}/{repo}');
    await sut.type('Parameters', '{"owner": "octokit", "repo": "endpoint.js", "description": "typed"}');
    await sut.field('Defaults').fill('');
    const result = await sut.result((r) => r.url === 'https://api.github.com/repos/octokit/endpoint.js');
    const expected = {
      method: 'patch',
      url: 'https://api.github.com/repos/octokit/endpoint.js',
      headers: {
        accept: ACCEPT,
        'user-agent': USER_AGENT,
        'content-type': 'application/json; charset=utf-8',
      },
      body: { description: 'typed' },
    };
    assert.deepEqual(result, expected);
    const answer = await api({
      route: 'PATCH /repos/{owner}/{repo}',
      parameters: { owner: 'octokit', repo: 'endpoint.js', description: 'typed' },
    });
    assert.deepEqual(answer, { status: 200, json: expected });
    assert.equal(await sut.page.locator('#request-method').textContent(), 'PATCH');
    assert.deepEqual(await sut.warnings(), []);
    await sut.page.close();
  });

  it('warns about an unknown method, an unfilled placeholder and data on GET', async (t) => {
    const sut = await open();
    await sut.field('Defaults').fill('');
    await sut.type('Route', 'FETCH /repos/{owner}/{repo}/issues');
    await sut.type('Parameters', '{"owner": "octokit", "state": "open"}');
    const result = await sut.result((r) => r.method === 'fetch' && JSON.stringify(r).includes('open'));
    const input = {
      route: 'FETCH /repos/{owner}/{repo}/issues',
      parameters: { owner: 'octokit', state: 'open' },
    };
    assert.deepEqual(result, (await api(input)).json);
    assert.deepEqual(await sut.warnings(), [
      'Unknown method "FETCH": expected one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.',
      'Placeholder {repo} is not filled: "repo" is not in Parameters or Defaults, so it expands to nothing.',
    ]);
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await sut.page.screenshot({ path: SCREENSHOT, fullPage: true });
    t.diagnostic(`screenshot: ${SCREENSHOT}`);

    await sut.type('Route', 'GET /search/issues');
    await sut.type('Parameters', '{"q": "is:open", "data": "text"}');
    await sut.result((r) => r.url === 'https://api.github.com/search/issues?q=is%3Aopen&data=text');
    assert.deepEqual(await sut.warnings(), [
      'GET requests have no body: "data" is sent in the query string instead. Use POST, PUT or PATCH to send a body.',
    ]);
    await sut.page.close();
  });

  it('shows invalid JSON with its position, and library errors as the API answers them', async () => {
    const sut = await open();
    await sut.field('Defaults').fill('');
    await sut.type('Parameters', '{"owner": "octokit",\n"repo": }');
    const error = await sut.result((r) => r.statusCode === 400);
    const message =
      'Parameters is not valid JSON: unexpected character "}" at line 2, column 9 (position 29)';
    assert.deepEqual(error, { statusCode: 400, error: 'Bad Request', message });
    assert.deepEqual(await sut.warnings(), [`${message}.`]);
    assert.equal(await sut.page.getByRole('button', { name: 'Copy curl' }).isDisabled(), true);

    await sut.type('Route', 'GET /search/issues');
    await sut.type('Parameters', '{"q": "\\ud800"}');
    const uriError = await sut.result((r) => String(r.message).startsWith('endpoint() threw URIError'));
    const answer = await api({ route: 'GET /search/issues', parameters: { q: '\ud800' } });
    assert.deepEqual(answer, { status: 400, json: uriError });
    assert.deepEqual(uriError, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'endpoint() threw URIError: URI malformed',
    });
    // The library's own TypeError names the parameter, the same in the page's bundle as in the API.
    await sut.type('Parameters', '{"q": 42}');
    const typeError = await sut.result((r) => String(r.message).startsWith('endpoint() threw TypeError: '));
    assert.deepEqual(await api({ route: 'GET /search/issues', parameters: { q: 42 } }), {
      status: 400,
      json: typeError,
    });
    assert.deepEqual(typeError, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'endpoint() threw TypeError: q must be a string',
    });
    await sut.page.close();
  });

  it('copies the curl and fetch snippets of an example', async () => {
    const sut = await open();
    await sut.page.getByRole('button', { name: 'Update a repository (JSON body)' }).click();
    const result = await sut.result((r) => r.method === 'patch');
    const answer = await api({
      route: await sut.field('Route').inputValue(),
      parameters: JSON.parse(await sut.field('Parameters').inputValue()),
    });
    assert.deepEqual(result, answer.json);
    const curl = await sut.copy('Copy curl', 'Copied the curl command to the clipboard.');
    assert.equal(curl, toCurl(answer.json));
    assert.match(
      curl,
      /^curl --request PATCH \\\n {2}--url https:\/\/api\.github\.com\/repos\/octokit\/endpoint\.js \\/,
    );
    const fetchCall = await sut.copy('Copy fetch', 'Copied the fetch call to the clipboard.');
    assert.equal(fetchCall, toFetch(answer.json));
    assert.equal(fetchCall.split('\n')[1], '  method: "PATCH",');
    assert.equal(await sut.page.locator('#fetch-snippet').textContent(), fetchCall);
    await sut.page.close();
  });

  it('restores the form from the shareable URL, also after a reload', async () => {
    const sut = await open();
    const form = {
      route: 'GET /orgs/{org}/repos',
      parameters: '{"type": "all & more"}',
      defaults: '{\n  "org": "acme"\n}',
    };
    await sut.type('Route', form.route);
    await sut.type('Parameters', form.parameters);
    await sut.type('Defaults', form.defaults);
    const url = 'https://api.github.com/orgs/acme/repos?type=all%20%26%20more';
    const result = await sut.result((r) => r.url === url);
    const shareUrl = await sut.copy('Copy link', 'Copied the link to the clipboard.');
    assert.equal(shareUrl, await sut.page.getByLabel('Shareable URL').inputValue());
    assert.equal(shareUrl, sut.page.url());
    await sut.page.close();

    const shared = await open(shareUrl);
    for (const round of ['opened', 'reloaded']) {
      if (round === 'reloaded') await shared.page.reload();
      const fields = {
        route: await shared.field('Route').inputValue(),
        parameters: await shared.field('Parameters').inputValue(),
        defaults: await shared.field('Defaults').inputValue(),
      };
      assert.deepEqual(fields, form, round);
      assert.deepEqual(await shared.result((r) => r.url === url), result, round);
    }
    // A shared link opened in a tab that already shows the page changes only the fragment.
    await shared.page.evaluate(() => (location.hash = '#route=GET+%2Fmeta'));
    await shared.result((r) => r.url === 'https://api.github.com/meta');
    assert.equal(await shared.field('Route').inputValue(), 'GET /meta');
    assert.equal(await shared.field('Parameters').inputValue(), '');
    await shared.page.close();
  });

  it('works with the keyboard alone', async () => {
    const sut = await open();
    const tabTo = async (id: string) => {
      for (let presses = 0; (await sut.focusedId()) !== id; presses++) {
        assert.ok(presses < 40, `Tab never reached #${id}`);
        await sut.page.keyboard.press('Tab');
      }
    };
    await tabTo('route');
    await sut.page.keyboard.press('ControlOrMeta+A');
    await sut.page.keyboard.type('POST /gists');
    await tabTo('parameters');
    await sut.page.keyboard.press('ControlOrMeta+A');
    await sut.page.keyboard.type('{"public": true}');
    const result = await sut.result((r) => r.url === 'https://api.github.com/gists');
    assert.deepEqual(result, (await api({ route: 'POST /gists', parameters: { public: true } })).json);
    await tabTo('copy-curl');
    await sut.page.keyboard.press('Enter');
    await sut.waitForStatus('Copied the curl command to the clipboard.');
    assert.equal(
      await sut.page.evaluate(() => navigator.clipboard.readText()),
      toCurl(result as unknown as RequestOptions),
    );
    await sut.page.close();
  });
});
