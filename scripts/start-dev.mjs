// `npm start`: the rate limit service on the embedded defaults: the in-memory counter store and
// the example rules of examples/ratelimit/config (edit a file there and it reloads). Variables
// already set in the environment win, so `PORT=9000 npm start` works.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { exampleEnv } from './example-env.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = { ...exampleEnv(root), ...process.env };
console.log(
  `ratelimit on the memory store with ${env.RUNTIME_ROOT}/${env.RUNTIME_SUBDIRECTORY}/${env.RUNTIME_APPDIRECTORY}: ` +
    `HTTP :${env.PORT ?? 8080} (/json, /healthcheck), gRPC :${env.GRPC_PORT ?? 8081}, debug :${env.DEBUG_PORT ?? 6070}`,
);
// The production bundle (scripts/build-ratelimit-bundle.mjs). DIST_DIR (as for the build and
// the tests) selects another build folder than dist/.
const main = join(root, process.env.DIST_DIR ?? 'dist', 'apps/ratelimit/main.js');
const child = spawn(process.execPath, [main], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
