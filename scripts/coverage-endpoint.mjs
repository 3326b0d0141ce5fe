// Coverage gate of libs/endpoint: runs its unit tests (dist-dev/libs/endpoint/**/*.spec.js) under
// c8 and fails unless lines, branches, functions and statements of libs/endpoint/src (test
// files excluded) are all at 100 %. Needs a build first (npm run build, or the test pipeline).
// Usage: DIST_DIR=<dir> node scripts/coverage-endpoint.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildDirs } from './build-dirs.mjs';

const root = new URL('..', import.meta.url).pathname;
const devTree = relative(root, buildDirs(root).devTree);
const libDir = join(root, devTree, 'libs', 'endpoint');

function findSpecs(dir, found = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findSpecs(path, found);
    else if (name.endsWith('.spec.js') && !/\.(int|e2e|browser|faults)-spec\.js$/.test(name))
      found.push(path);
  }
  return found;
}

if (!existsSync(libDir)) {
  console.error(`${relative(root, libDir)} does not exist: build first (npm run build)`);
  process.exit(1);
}
// The declarations test only type-checks (it runs no library code), so it adds nothing here.
const specs = findSpecs(libDir)
  .filter((file) => !file.endsWith('typed-declarations.spec.js'))
  .sort()
  .map((file) => relative(root, file));
const { status } = spawnSync(
  join(root, 'node_modules/.bin/c8'),
  [
    '--100',
    '--reporter=text',
    '--exclude-after-remap',
    '--include=libs/endpoint/src/**',
    `--include=${devTree}/libs/endpoint/src/**`,
    '--exclude=**/*.spec.*',
    `--temp-directory=${join(root, '.tmp', 'c8-endpoint')}`,
    process.execPath,
    '--enable-source-maps',
    '--test',
    '--test-concurrency=1',
    ...specs,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(status ?? 1);
