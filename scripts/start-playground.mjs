// `npm run start:playground`: builds, then serves the endpoint playground (PLAYGROUND_PORT,
// default 3000). One process from npm to the app, as `npm start` (scripts/start-dev.mjs):
// SIGINT, SIGTERM and SIGHUP sent to npm reach the app, and this script exits as the app exits.
import './supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildDirs } from './build-dirs.mjs';
import { exitUnlessBuildToolsInstalled } from './dev-dependencies.mjs';
import { runChild } from './run-child.mjs';

const root = new URL('..', import.meta.url).pathname;
exitUnlessBuildToolsInstalled(root, 'npm run start:playground');
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

runChild(process.execPath, [join(buildDirs(root).dist, 'apps/endpoint-playground/main.js')]);
