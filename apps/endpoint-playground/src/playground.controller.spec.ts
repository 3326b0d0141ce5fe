import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { scratchDir } from '@repo/test-support';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPlaygroundApp } from './create-playground-app';
import { PlaygroundController } from './playground.controller';

// The whole Nest app, called through Fastify's inject (no socket): POST /api/endpoint and the
// static files, with every kind of bad body.

const HEADERS = {
  accept: 'application/vnd.github.v3+json',
  'user-agent': 'repo-endpoint.js/0.1.0 endpoint-playground',
};
const badRequest = (message: string) => ({ statusCode: 400, error: 'Bad Request', message });

describe(PlaygroundController.name, () => {
  let sut: NestFastifyApplication;
  before(async () => {
    const publicDir = scratchDir('playground-public');
    writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(publicDir, 'playground.js'), 'void 0;');
    writeFileSync(join(publicDir, 'routes.json'), JSON.stringify({ operations: Array(500).fill('GET /x') }));
    sut = await createPlaygroundApp({ publicDir, logger: false });
    await sut.init();
    await sut.getHttpAdapter().getInstance().ready();
  });
  after(() => sut.close());

  const post = async (payload: string, contentType = 'application/json') => {
    const response = await sut.inject({
      method: 'POST',
      url: '/api/endpoint',
      headers: payload === '' ? {} : { 'content-type': contentType },
      payload,
    });
    return { status: response.statusCode, type: response.headers['content-type'], json: response.json() };
  };

  it('answers endpoint.defaults(defaults)(route, parameters) as JSON', async () => {
    const body = {
      route: 'POST /repos/{owner}/{repo}/issues',
      parameters: { owner: 'octokit', repo: 'endpoint.js', title: 'Hi', labels: ['bug'] },
      defaults: { headers: { authorization: 'token x' } },
    };
    assert.deepEqual(await post(JSON.stringify(body)), {
      status: 200,
      type: 'application/json; charset=utf-8',
      json: {
        method: 'post',
        url: 'https://api.github.com/repos/octokit/endpoint.js/issues',
        headers: { ...HEADERS, authorization: 'token x', 'content-type': 'application/json; charset=utf-8' },
        body: { title: 'Hi', labels: ['bug'] },
      },
    });
  });

  it('takes the body whatever its content-type (curl -d sends form-urlencoded)', async () => {
    const sut = await post(
      '{"route": "/users/:username", "parameters": {"username": "octocat"}}',
      'text/plain',
    );
    assert.deepEqual(sut.json, {
      method: 'get',
      url: 'https://api.github.com/users/octocat',
      headers: HEADERS,
    });
  });

  const rejected: [string, string, string][] = [
    [
      'invalid JSON, with its position',
      '{"route": "GET /x",\n "parameters": {"a": }}',
      'The request body is not valid JSON: unexpected character "}" at line 2, column 22 (position 41)',
    ],
    [
      'an empty body',
      '',
      'The request body is empty: send a JSON object such as {"route": "GET /users/{username}", "parameters": {"username": "octocat"}}',
    ],
    ['non-object parameters', '{"parameters": [1, 2]}', '"parameters" must be a JSON object, got an array'],
    [
      'a TypeError of the library',
      '{"route": "GET /search/issues", "parameters": {"q": ["a"]}}',
      'endpoint() threw TypeError: q must be a string',
    ],
  ];
  for (const [what, payload, message] of rejected) {
    it(`answers 400 to ${what}`, async () => {
      assert.deepEqual(await post(payload), {
        status: 400,
        type: 'application/json; charset=utf-8',
        json: badRequest(message),
      });
    });
  }

  it('serves the page and its files, and 404 for anything else', async () => {
    const page = await sut.inject({ method: 'GET', url: '/' });
    assert.equal(page.statusCode, 200);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(
      page.headers['content-security-policy'],
      "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'",
    );
    assert.equal(page.body, '<!doctype html><title>t</title>');
    const script = await sut.inject({ method: 'GET', url: '/playground.js' });
    assert.deepEqual(
      [script.statusCode, script.headers['content-type'], script.body],
      [200, 'text/javascript; charset=utf-8', 'void 0;'],
    );
    const catalogue = await sut.inject({ method: 'GET', url: '/routes.json' });
    assert.deepEqual(
      [catalogue.statusCode, catalogue.headers['content-type'], catalogue.headers['content-encoding']],
      [200, 'application/json; charset=utf-8', undefined],
    );
    const gzipped = await sut.inject({
      method: 'GET',
      url: '/routes.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gzipped.headers.vary, 'accept-encoding');
    assert.equal(gunzipSync(gzipped.rawPayload).toString(), catalogue.body);
    const small = await sut.inject({
      method: 'GET',
      url: '/playground.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(small.headers['content-encoding'], undefined, 'too small to be worth it');
    for (const url of ['/missing.js', '/../package.json', '/api/endpoint']) {
      assert.equal((await sut.inject({ method: 'GET', url })).statusCode, 404, url);
    }
  });
});
