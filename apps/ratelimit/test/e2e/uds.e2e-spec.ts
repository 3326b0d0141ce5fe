// GRPC_UDS end to end (docs/tls.md, "Unix socket"): gRPC on a unix socket instead of
// host:port; a socket file left by a killed process is replaced, a socket that a live process
// serves is not taken over, and a path that is not a socket is left alone.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { scratchDir } from '@repo/test-support';
import { createRulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startTestApp, type TestApp } from '../support/start-app';

const RULES =
  'domain: uds\ndescriptors:\n  - key: user\n    rate_limit: { unit: minute, requests_per_unit: 1 }\n';

describe('gRPC on a unix socket (GRPC_UDS)', { timeout: 60_000 }, () => {
  const rules = createRulesDir({ 'uds.yaml': RULES });
  const dir = scratchDir('uds');
  const running: TestApp[] = [];
  const start = async (socketPath: string) => {
    const app = await startTestApp({ ...rules.env, GRPC_UDS: socketPath });
    running.push(app);
    return app;
  };
  after(async () => {
    for (const app of running) await app.stop();
  });

  it('serves ShouldRateLimit and health on the socket, and removes the file when it stops', async () => {
    const socketPath = join(dir, 'ratelimit.sock');
    const app = await start(socketPath);
    assert.equal(app.service.grpcPort, 0);
    assert.ok(lstatSync(socketPath).isSocket());
    const request = rlsRequest('uds', [['user', 'alice']]);
    assert.equal((await app.grpc.shouldRateLimit(request)).overallCode, 'OK');
    assert.equal((await app.grpc.shouldRateLimit(request)).overallCode, 'OVER_LIMIT');
    assert.equal(await app.grpc.healthCheck('ratelimit'), 'SERVING');
    assert.equal((await fetch(`${app.httpUrl}/healthcheck`)).status, 200);
    await app.stop();
    running.pop();
    assert.equal(existsSync(socketPath), false);
  });

  it('replaces the socket file of a process that was killed', async () => {
    const socketPath = join(dir, 'stale.sock');
    await leaveStaleSocket(socketPath);
    assert.ok(lstatSync(socketPath).isSocket());
    const app = await start(socketPath);
    assert.equal((await app.grpc.shouldRateLimit(rlsRequest('uds', [['user', 'bob']]))).overallCode, 'OK');
  });

  it('does not take over a socket that a live process serves', async () => {
    const socketPath = join(dir, 'live.sock');
    const other: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => other.listen(socketPath, resolve));
    try {
      await assert.rejects(start(socketPath), {
        message: `cannot listen on unix socket ${socketPath}: another process is serving it (stop that process first)`,
      });
      assert.ok(lstatSync(socketPath).isSocket());
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('leaves a path that is not a socket alone', async () => {
    const path = join(dir, 'not-a-socket');
    writeFileSync(path, 'keep me');
    await assert.rejects(start(path), {
      message: `cannot listen on unix socket ${path}: the path exists and is not a socket`,
    });
    assert.ok(lstatSync(path).isFile());
  });
});

/** Starts a process that listens on `path`, then SIGKILLs it: the socket file stays behind. */
async function leaveStaleSocket(path: string): Promise<void> {
  const script = `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('listening'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`socket holder exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
