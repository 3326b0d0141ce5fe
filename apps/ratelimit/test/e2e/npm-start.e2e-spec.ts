// `npm start` (scripts/start-dev.mjs): the service on the memory store with the example rules of
// examples/ratelimit/config, answering /json with the reference README's rl domain.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort, repoRoot, waitFor } from '@repo/test-support';

// This file runs from <dist>/apps/ratelimit/test/e2e: start the build it belongs to.
const DIST = join(__dirname, '..', '..', '..', '..');
const ROOT = repoRoot();

describe('npm start', () => {
  const children: ReturnType<typeof spawn>[] = [];
  after(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));

  it('serves the example rules on the memory store', async () => {
    const [port, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start-dev.mjs')], {
      env: {
        PATH: process.env.PATH,
        DIST_DIR: relative(ROOT, DIST),
        HOST: '127.0.0.1',
        PORT: String(port),
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(grpcPort),
        DEBUG_HOST: '127.0.0.1',
        DEBUG_PORT: String(debugPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/healthcheck`)).ok, {
      timeoutMs: 20_000,
      description: `npm start:\n${output}`,
    });
    const body = JSON.stringify({
      domain: 'rl',
      descriptors: [
        {
          entries: [
            { key: 'source_cluster', value: 'proxy' },
            { key: 'destination_cluster', value: 'mock' },
          ],
        },
      ],
    });
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await fetch(`${url}/json`, { method: 'POST', body })).status);
    assert.deepEqual(statuses, [200, 429]);
    assert.match(output, /level=info msg="successfully loaded new configuration: \d+ domain\(s\)/);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(child.exitCode, 0);
  });
});
