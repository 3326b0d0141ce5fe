// Build everything into dist-dev/ with one SWC pass (keeps the source layout, so relative paths
// such as ../../proto work the same from source and from the build; options: .swcrc completed by
// swc-config.mjs with tsconfig.json's path aliases and the lazy packages), then the other steps:
// proto files, one main.js entry per app (the rate limit service's is its production bundle,
// scripts/build-ratelimit-bundle.mjs, with the operator console's page), the endpoint package,
// the playground's page. Last, dist/ gets a copy of that tree without the tests, benchmarks and
// what only they use, so what ships carries no test (scripts/build-dirs.mjs).
import './supported-node.mjs';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildDirs } from './build-dirs.mjs';
import { buildEndpointLib } from './build-endpoint.mjs';
import { buildPlayground } from './build-playground.mjs';
import { bundleRatelimit } from './build-ratelimit-bundle.mjs';
import { writeSwcConfig } from './swc-config.mjs';

const root = new URL('..', import.meta.url).pathname;
const { dist, devTree } = buildDirs(root);
const sources = ['apps', 'libs', 'test', 'bench'].filter((dir) => existsSync(join(root, dir)));

/** Paths of the dev tree (folders end with /) that dist/ leaves out. */
const NOT_SHIPPED = [
  /^(test|bench)\//,
  /^(apps|libs)\/[^/]+\/(test|load)\//,
  /^apps\/ratelimit\/bundle\/test\//,
  /[.-]spec\.js(\.map)?$/,
  /\.type-test\.js(\.map)?$/,
  /^\.swcrc\.json$/,
];

rmSync(dist, { recursive: true, force: true });
rmSync(devTree, { recursive: true, force: true });
mkdirSync(devTree, { recursive: true });
const swcrc = join(devTree, '.swcrc.json');
writeSwcConfig(root, swcrc);
execFileSync(join(root, 'node_modules/.bin/swc'), [...sources, '-d', devTree, '--config-file', swcrc, '-q'], {
  cwd: root,
  stdio: 'inherit',
});
cpSync(join(root, 'proto'), join(devTree, 'proto'), { recursive: true });

// dist/apps/<name>/main.js is the documented entry point of each app.
for (const app of ['endpoint-playground']) {
  const compiledMain = join(devTree, 'apps', app, 'src', 'main.js');
  if (!existsSync(compiledMain)) continue;
  mkdirSync(join(devTree, 'apps', app), { recursive: true });
  writeFileSync(join(devTree, 'apps', app, 'main.js'), "'use strict';\nrequire('./src/main.js');\n");
}

const ctx = { root, dist: devTree };
await bundleRatelimit(ctx);
await buildEndpointLib(ctx);
await buildPlayground(ctx);

cpSync(devTree, dist, {
  recursive: true,
  filter: (path) => {
    const inTree = relative(devTree, path);
    return !NOT_SHIPPED.some((pattern) => pattern.test(inTree) || pattern.test(`${inTree}/`));
  },
});
