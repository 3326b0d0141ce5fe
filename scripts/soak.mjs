// `npm run soak -- --minutes N [options]` (after `npm run build`): runs dist-dev/bench/soak.js, which
// drives the built service for N minutes and reports whether memory and handles stay flat
// (docs/failure-behaviour.md, "Days of uptime"). Not part of `npm test`. `--help` lists the options.
// DIST_DIR selects another build folder than dist/ (scripts/build-dirs.mjs).
import './supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirs } from './build-dirs.mjs';

const root = new URL('..', import.meta.url).pathname;
const entry = join(buildDirs(root).devTree, 'bench', 'soak.js');
if (!existsSync(entry)) {
  console.error(`no ${entry}: run the build first (npm run build)`);
  process.exit(1);
}
const { status } = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(status ?? 1);
