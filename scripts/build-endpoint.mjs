// libs/endpoint as a publishable package in <dist>/libs/endpoint/: index.mjs (ESM) and
// index.cjs (CommonJS) bundled by esbuild for a neutral platform (browser + Node), type
// declarations in types/ (tsc --emitDeclarationOnly), and the package.json whose conditional
// exports point at them.
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
}
