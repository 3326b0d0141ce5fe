import { spawnBuiltApp, startBuiltApp } from '@repo/test-support';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

// The built entry point, as `npm run start:playground` runs it: settings from the environment,
// exit 1 on a bad one, and the page plus the API on the configured port.

const MAIN = join(__dirname, '..', 'main.js');

describe('dist/apps/endpoint-playground/main.js', () => {
  const started: ChildProcess[] = [];
  after(() => started.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  it('exits 1 with a clear message on an invalid PLAYGROUND_PORT, before listening', async () => {
    const { child, output } = spawnBuiltApp(MAIN, { PLAYGROUND_PORT: '70000' });
    started.push(child);
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    assert.equal(
      output(),
      'invalid endpoint playground settings:\n  PLAYGROUND_PORT=70000: must be a whole number from 0 to 65535\n',
    );
  });

  it('serves the page and the API on PLAYGROUND_PORT and PLAYGROUND_HOST, and stops on SIGTERM', async () => {
    const { child, answer: port } = await startBuiltApp(
      MAIN,
      { PLAYGROUND_PORT: '0', PLAYGROUND_HOST: '127.0.0.1' },
      {
        answers: ({ output }) => /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output())?.[1],
        timeoutMs: 15_000,
        description: 'the "listening on" line',
      },
    );
    started.push(child);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>endpoint playground<\/title>/);
    const answer = await fetch(`http://127.0.0.1:${port}/api/endpoint`, {
      method: 'POST',
      body: JSON.stringify({ route: 'GET /users/{username}', parameters: { username: 'octocat' } }),
    });
    assert.deepEqual(await answer.json(), {
      method: 'get',
      url: 'https://api.github.com/users/octocat',
      headers: {
        accept: 'application/vnd.github.v3+json',
        'user-agent': 'repo-endpoint.js/0.1.0 endpoint-playground',
      },
    });
    child.kill('SIGTERM');
    // Nest's shutdown hooks close the app, then re-raise the signal (exit status 143 in a shell).
    const [code, signal] = await once(child, 'exit');
    assert.deepEqual([code, signal], [null, 'SIGTERM']);
  });
});
