// Cross-site use of the console (docs/console.md#who-may-use-it): what a web page of another site
// could make an operator's browser send, directly or after DNS rebinding, is refused and counts
// nothing; the page's own requests are served.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { debugRequest } from '../../load/debug-request';
import { createRulesDir } from '../../load/rules-dir';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES = `domain: foo
descriptors:
  - key: remote_address
    rate_limit: { unit: minute, requests_per_unit: 1 }
`;

describe('console cross-site requests', () => {
  let app: TestApp;
  const post = async (path: string, body: string) => {
    const headers = { 'content-type': 'application/json' };
    const response = await fetch(`${app.debugUrl}${path}`, { method: 'POST', headers, body });
    return { status: response.status, text: await response.text() };
  };

  before(async () => {
    app = await startTestApp(createRulesDir({ 'foo.yaml': RULES }).env);
  });
  after(() => app.stop());

  it('refuses a POST without its content type (415) and cross-site POSTs (403); none counts', async () => {
    const body = JSON.stringify({
      domain: 'foo',
      descriptors: [{ entries: [{ key: 'remote_address', value: '10.0.0.77' }] }],
    });
    const port = Number(new URL(app.debugUrl).port);
    const own = { host: `localhost:${port}`, origin: `http://localhost:${port}` };
    const attempts = [
      { ...own, 'content-type': 'text/plain' },
      { ...own, 'content-type': 'application/x-www-form-urlencoded' },
      { ...own, origin: 'http://evil.example', 'content-type': 'application/json' },
      { host: 'evil.example:6070', origin: 'http://evil.example:6070', 'content-type': 'application/json' },
      { host: 'evil.example:6070', origin: 'http://evil.example', 'content-type': 'text/plain' },
    ];
    const statuses = [];
    for (const headers of attempts) {
      const path = '/console/api/try?count=true';
      statuses.push((await debugRequest(port, { method: 'POST', path, headers, body })).status);
    }
    assert.deepEqual(statuses, [415, 415, 403, 403, 403]);
    const refused = await debugRequest(port, {
      method: 'POST',
      path: '/console/api/try?count=true',
      headers: { ...own, 'content-type': 'text/plain;charset=UTF-8' },
      body,
    });
    assert.deepEqual(JSON.parse(refused.text), {
      error: 'POST /console/api/try needs content-type application/json (got "text/plain;charset=UTF-8")',
    });
    const check = await debugRequest(port, {
      method: 'POST',
      path: '/console/api/check',
      headers: own,
      body: RULES,
    });
    assert.equal(check.status, 415);
    const tried = await post('/console/api/try', body);
    assert.equal(JSON.parse(tried.text).statuses[0].limitRemaining, 1, 'nothing was counted');
    const counted = await debugRequest(port, {
      method: 'POST',
      path: '/console/api/try?count=true',
      headers: { ...own, 'content-type': 'application/json' },
      body,
    });
    assert.equal(counted.status, 200, "the page's own request is served");
  });
});
