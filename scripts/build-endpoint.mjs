// libs/endpoint as a publishable package in <dist>/libs/endpoint/: index.mjs (ESM) and
// index.cjs (CommonJS) bundled by esbuild for a neutral platform (browser + Node), type
// declarations in types/ (tsc --emitDeclarationOnly), the package page (README.md) and the
// package.json whose conditional exports point at them. The declarations import GitHub's route
// map from @octokit/types, so the package.json lists it as a dependency: a consumer's compiler
// must find it, while the bundles never load it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function buildEndpointLib({ root, dist }) {
  const outDir = join(dist, 'libs', 'endpoint');
  mkdirSync(outDir, { recursive: true });
  const common = {
    entryPoints: [join(root, 'libs/endpoint/src/index.ts')],
    bundle: true,
    platform: 'neutral',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning',
  };
  await build({ ...common, format: 'esm', outfile: join(outDir, 'index.mjs') });
  await build({ ...common, format: 'cjs', outfile: join(outDir, 'index.cjs') });
  execFileSync(
    join(root, 'node_modules/.bin/tsc'),
    ['-p', join(root, 'libs/endpoint/tsconfig.build.json'), '--outDir', join(outDir, 'types')],
    { cwd: root, stdio: 'inherit' },
  );
  copyFileSync(join(root, 'libs/endpoint/package.json'), join(outDir, 'package.json'));
  copyFileSync(join(root, 'libs/endpoint/README.md'), join(outDir, 'README.md'));
}
