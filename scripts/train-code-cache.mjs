/* global fetch, setTimeout */
// The code cache of the bundled service (apps/ratelimit/src/bundle/run-bundle.ts), made by one
// training start during the build: the service runs in a child process as `npm start` runs it
// (memory store, the example rules), answers /healthcheck and one /json call, and then V8 writes
// the bytecode of every function compiled so far. The child has no NODE_OPTIONS: V8 rejects a
// cache made under other flags. Its log is shown only when it fails.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleEnv } from './example-env.mjs';

const TIMEOUT_MS = 30_000;

export async function trainCodeCache({ root, dist }) {
  const [port, grpcPort, debugPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH,
    ...exampleEnv(root),
    ...Object.fromEntries(['HOST', 'GRPC_HOST', 'DEBUG_HOST'].map((name) => [name, '127.0.0.1'])),
    PORT: String(port),
    GRPC_PORT: String(grpcPort),
    DEBUG_PORT: String(debugPort),
  };
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [self, dist, String(port)], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) {
    process.stdout.write(child.stdout);
    throw new Error(`training start of the bundled service failed (exit ${child.status})`);
  }
}

async function train(dist, port) {
  const require = createRequire(import.meta.url);
  const { runBundle } = require(join(dist, 'apps/ratelimit/src/bundle/run-bundle.js'));
  const { encodeCodeCache } = require(join(dist, 'apps/ratelimit/src/bundle/code-cache.js'));
  const service = join(dist, 'apps/ratelimit/bundle/service.js');
  const bundle = runBundle(service, `${service}.no-cache`);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url);
  const body = JSON.stringify({ domain: 'rl', descriptors: [{ entries: [{ key: 'k', value: 'v' }] }] });
  await (await fetch(`${url}/json`, { method: 'POST', body })).text();
  const source = readFileSync(service);
  writeFileSync(`${service}.code-cache`, encodeCodeCache(source, bundle.script.createCachedData()));
  process.exit(0);
}

async function waitUntilHealthy(url) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const status = await fetch(`${url}/healthcheck`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`no 200 from ${url}/healthcheck in ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // No top-level await: the build script that imports this file is itself loaded by require()
  // in a test (test/repo/ratelimit-bundle-options.spec.ts).
  train(process.argv[2], Number(process.argv[3])).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
