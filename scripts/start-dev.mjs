// `npm start`: builds, then runs the rate limit service on the embedded defaults: the in-memory
// counter store and the example rules of examples/ratelimit/config (edit a file there and it
// reloads). Variables already set in the environment win, so `PORT=9000 npm start` works.
// One process from npm to the service: SIGINT, SIGTERM and SIGHUP sent to `npm start` (npm
// passes them to this script) reach the service, and this script exits as the service exits.
import './supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildDirs } from './build-dirs.mjs';
import { exitUnlessBuildToolsInstalled } from './dev-dependencies.mjs';
import { exampleEnv } from './example-env.mjs';
import { runChild } from './run-child.mjs';

const root = new URL('..', import.meta.url).pathname;
exitUnlessBuildToolsInstalled(root, 'npm start');
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = { ...exampleEnv(root), ...process.env };
console.log(
  `ratelimit on the memory store with ${env.RUNTIME_ROOT}/${env.RUNTIME_SUBDIRECTORY}/${env.RUNTIME_APPDIRECTORY}: ` +
    `HTTP :${env.PORT ?? 8080} (/json, /healthcheck), gRPC :${env.GRPC_PORT ?? 8081}, debug :${env.DEBUG_PORT ?? 6070}`,
);
// The production bundle (scripts/build-ratelimit-bundle.mjs). DIST_DIR (as for the build and
// the tests) selects another build folder than dist/.
runChild(process.execPath, [join(buildDirs(root).dist, 'apps/ratelimit/main.js')], { env });
