// `npm start`, as a user types it: it builds (into a folder of its own here, so the build under
// test stays untouched), then serves the example rules of examples/ratelimit/config on the memory
// store, answering /json with the reference README's rl domain. SIGTERM sent to the npm process
// reaches the service: both exit, nothing keeps running. The production bundle is what `npm start`
// always runs, so the e2e-bundle stage skips this file.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort, repoRoot, waitFor } from '@repo/test-support';
import { E2E_TARGET } from '../../load/e2e-target';

const ROOT = repoRoot();
const DIST_DIR = join('.tmp', `npm-start-dist-${process.pid}`);

describe('npm start', { skip: E2E_TARGET === 'bundle' }, () => {
  const children: ReturnType<typeof spawn>[] = [];
  after(() => {
    children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
    for (const tree of [DIST_DIR, `${DIST_DIR}-dev`])
      rmSync(join(ROOT, tree), { recursive: true, force: true });
  });

  it('builds, serves the example rules on the memory store, and stops with npm on SIGTERM', async () => {
    const [port, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DIST_DIR,
        HOST: '127.0.0.1',
        PORT: String(port),
        GRPC_HOST: '127.0.0.1',
        GRPC_PORT: String(grpcPort),
        DEBUG_HOST: '127.0.0.1',
        DEBUG_PORT: String(debugPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(npm);
    let output = '';
    npm.stdout?.on('data', (chunk) => (output += chunk));
    npm.stderr?.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/healthcheck`)).ok, {
      timeoutMs: 180_000,
      intervalMs: 200,
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

    npm.kill('SIGTERM');
    assert.equal(await exited, 0);
    const isGone = await fetch(`${url}/healthcheck`).then(
      () => false,
      () => true,
    );
    assert.ok(isGone, `the service still answers on :${port} after npm exited`);
    assert.match(output, /SIGTERM: unhealthy from now on, draining requests in flight/);
  });
});
