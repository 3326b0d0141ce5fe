// Build everything into dist/ with one SWC pass (keeps the source layout, so relative
// paths such as ../../proto work the same from source and from dist; options: .swcrc completed
// by swc-config.mjs with tsconfig.json's path aliases and the lazy packages), then add the extras:
// proto files, one main.js entry per app (the rate limit service's is its production bundle,
// scripts/build-ratelimit-bundle.mjs), browser bundles.
import './supported-node.mjs';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildExtras } from './build-extras.mjs';
import { bundleRatelimit } from './build-ratelimit-bundle.mjs';
import { writeSwcConfig } from './swc-config.mjs';

const root = new URL('..', import.meta.url).pathname;
// DIST_DIR lets parallel work build into separate folders (must stay inside the repo so
// node_modules resolves); the default is dist/.
const dist = join(root, process.env.DIST_DIR ?? 'dist');
const sources = ['apps', 'libs', 'test', 'bench'].filter((dir) => existsSync(join(root, dir)));

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const swcrc = join(dist, '.swcrc.json');
writeSwcConfig(root, swcrc);
execFileSync(join(root, 'node_modules/.bin/swc'), [...sources, '-d', dist, '--config-file', swcrc, '-q'], {
  cwd: root,
  stdio: 'inherit',
});
cpSync(join(root, 'proto'), join(dist, 'proto'), { recursive: true });

// dist/apps/<name>/main.js is the documented entry point of each app.
for (const app of ['endpoint-playground']) {
  const compiledMain = join(dist, 'apps', app, 'src', 'main.js');
  if (!existsSync(compiledMain)) continue;
  mkdirSync(join(dist, 'apps', app), { recursive: true });
  writeFileSync(join(dist, 'apps', app, 'main.js'), "'use strict';\nrequire('./src/main.js');\n");
}

await bundleRatelimit({ root, dist });
await buildExtras({ root, dist });
