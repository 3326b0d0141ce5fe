// `npm run bench [-- filter]`: runs every dist-dev/bench/*.bench.js in turn (after `npm run build`).
// `node scripts/bench.mjs [filter]` keeps the files whose name contains the filter.
// DIST_DIR selects another build folder than dist/ (scripts/build-dirs.mjs).
import './supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirs } from './build-dirs.mjs';

const root = new URL('..', import.meta.url).pathname;
const benchDir = join(buildDirs(root).devTree, 'bench');
const filter = process.argv[2] ?? '';
if (!existsSync(benchDir)) {
  console.error(`no ${benchDir}: run the build first (npm run build)`);
  process.exit(1);
}
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.js') && name.includes(filter))
  .sort();
let failed = 0;
for (const name of files) {
  console.log(`\n=== ${name}`);
  const { status } = spawnSync(process.execPath, [join(benchDir, name)], { cwd: root, stdio: 'inherit' });
  if (status !== 0) failed++;
}
if (files.length === 0) console.log(`no bench file matches "${filter}"`);
process.exit(failed === 0 ? 0 : 1);
