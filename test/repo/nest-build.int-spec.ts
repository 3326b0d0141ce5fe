// `nest build <app>` as nest-cli.json configures it (docs/development.md, "Nest CLI"): the Nest
// CLI compiles the apps and libs with SWC and copies the playground's static page, and what it
// writes runs. The output goes to a folder of its own inside the repository (so node_modules and
// proto/ resolve as from dist/), set by a tsconfig that extends the real one (`nest build -p`),
// so dist/ is left alone.
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, repoRoot, startBuiltApp } from '@repo/test-support';

const root = repoRoot();
const NEST = join(root, 'node_modules/@nestjs/cli/bin/nest.js');

/** A tsconfig extending the real one, with the output in `outDir` (absolute). */
function writeTsconfig(dir: string, outDir: string): string {
  const tsconfig = join(dir, 'tsconfig.json');
  const extendsPath = relative(dir, join(root, 'tsconfig.json'));
  writeFileSync(tsconfig, JSON.stringify({ extends: extendsPath, compilerOptions: { outDir } }));
  return relative(root, tsconfig);
}

function nestBuild(app: string, tsconfig: string): void {
  const result = spawnSync(process.execPath, [NEST, 'build', app, '-p', tsconfig], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(result.status, 0, `nest build ${app} failed:\n${result.stdout}${result.stderr}`);
}

describe('nest build (Nest CLI, nest-cli.json)', () => {
  const started: ChildProcess[] = [];
  let outDir: string;

  before(() => {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(root, '.tmp', 'nest-build-'));
    outDir = join(dir, 'out');
    const tsconfig = writeTsconfig(dir, outDir);
    nestBuild('ratelimit', tsconfig);
    nestBuild('endpoint-playground', tsconfig);
  });
  after(() => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  });

  it('ratelimit: the compiled service starts healthy and answers /json', async () => {
    const [port, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(grpcPort),
      DEBUG_HOST: '127.0.0.1',
      DEBUG_PORT: String(debugPort),
      DISABLE_STATS: 'true',
      BACKEND_TYPE: 'memory',
      RUNTIME_ROOT: join(root, 'examples'),
      RUNTIME_SUBDIRECTORY: 'ratelimit',
      RUNTIME_APPDIRECTORY: 'config',
      RUNTIME_WATCH_ROOT: 'false',
    };
    const { child } = await startBuiltApp(join(outDir, 'apps/ratelimit/src/main.js'), env, {
      answers: async () => (await fetch(`http://127.0.0.1:${port}/healthcheck`)).status === 200,
      timeoutMs: 20_000,
      description: `the service built by nest build on :${port}`,
    });
    started.push(child);
    const response = await fetch(`http://127.0.0.1:${port}/json`, {
      method: 'POST',
      body: JSON.stringify({ domain: 'nowhere', descriptors: [{ entries: [{ key: 'k', value: 'v' }] }] }),
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { overallCode: 'OK', statuses: [{ code: 'OK' }] });
  });

  it('endpoint-playground: the compiled app serves the copied page and the API', async () => {
    const { child, answer: port } = await startBuiltApp(
      join(outDir, 'apps/endpoint-playground/src/main.js'),
      { PLAYGROUND_PORT: '0', PLAYGROUND_HOST: '127.0.0.1' },
      {
        answers: ({ output }) => /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output())?.[1],
        timeoutMs: 20_000,
        description: 'the "listening on" line of the playground built by nest build',
      },
    );
    started.push(child);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(page.status, 200);
    assert.equal(
      await page.text(),
      readFileSync(join(root, 'apps/endpoint-playground/public/index.html'), 'utf8'),
    );
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
  });
});
