// `npm run start:playground`, as a user types it: it builds (into a folder of its own here, so the
// build under test stays untouched), serves the playground, and stops like `npm start`: SIGINT or
// SIGTERM sent to the npm process reaches the app, npm exits with it, and neither the app's
// process nor its port is left behind. Every line the app logs is one JSON object.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort, isProcessAlive, repoRoot, waitFor } from '@repo/test-support';

const ROOT = repoRoot();
const DIST_DIR = join('.tmp', `start-playground-dist-${process.pid}`);

/** PIDs of `pid`'s descendants, from /proc (Linux). */
function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function isPortFree(port: number): Promise<boolean> {
  const server = createServer();
  server.listen(port, '127.0.0.1');
  const [event] = await Promise.race([
    once(server, 'listening').then(() => ['listening']),
    once(server, 'error'),
  ]);
  if (event === 'listening') server.close();
  return event === 'listening';
}

describe('npm run start:playground', () => {
  const started: ChildProcess[] = [];
  const appPids: number[] = [];
  after(() => {
    started.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
    appPids.forEach((pid) => isProcessAlive(pid) && process.kill(pid, 'SIGKILL'));
    for (const tree of [DIST_DIR, `${DIST_DIR}-dev`])
      rmSync(join(ROOT, tree), { recursive: true, force: true });
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves the page, logs JSON lines, and stops with npm on ${signal}`, async () => {
      const port = await freePort();
      const npm = spawn('npm', ['run', 'start:playground'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DIST_DIR,
          PLAYGROUND_HOST: '127.0.0.1',
          PLAYGROUND_PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(npm);
      let stdout = '';
      let stderr = '';
      npm.stdout?.on('data', (chunk) => (stdout += chunk));
      npm.stderr?.on('data', (chunk) => (stderr += chunk));
      const exited = once(npm, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`)).ok, {
        timeoutMs: 180_000,
        intervalMs: 200,
        description: `npm run start:playground:\n${stdout}${stderr}`,
      });
      const app = descendants(npm.pid!).find((pid) =>
        commandLine(pid).includes('apps/endpoint-playground/main.js'),
      );
      assert.ok(app !== undefined, 'no process runs dist/apps/endpoint-playground/main.js');
      appPids.push(app);

      npm.kill(signal);
      await exited;
      await waitFor(() => !isProcessAlive(app), {
        timeoutMs: 10_000,
        description: `the app (PID ${app}) to exit`,
      });
      assert.equal(await isPortFree(port), true, `port ${port} is still taken`);

      // The app's lines: npm's own header (`> ratelimit-monorepo@... start:playground`) and the
      // build's output come first, the app's from Nest's first message on.
      const appLines = stdout.slice(stdout.indexOf('{"level"')).split('\n').filter(Boolean);
      const records = appLines.map(
        (line) => JSON.parse(line) as { level: string; msg: string; context?: string },
      );
      assert.ok(records.some((record) => record.msg === `listening on http://127.0.0.1:${port}/`));
      assert.ok(
        records.every((record) => typeof record.level === 'string' && typeof record.msg === 'string'),
      );
      assert.doesNotMatch(stdout + stderr, new RegExp(String.fromCharCode(27)), 'colour codes in the output');
    });
  }
});
