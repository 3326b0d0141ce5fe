// apps/endpoint-playground's page in <dist>/apps/endpoint-playground/public/: the static files
// of apps/endpoint-playground/public/ plus playground.js, the browser bundle of web/playground.ts
// with libs/endpoint inside (esbuild, platform browser: a Node built-in import fails the build).
// The app serves this folder relative to its own compiled location, so dist/ is self-contained.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function buildPlayground({ root, dist }) {
  const appDir = join(root, 'apps/endpoint-playground');
  const outDir = join(dist, 'apps/endpoint-playground/public');
  mkdirSync(outDir, { recursive: true });
  cpSync(join(appDir, 'public'), outDir, { recursive: true });
  await build({
    entryPoints: [join(appDir, 'web/playground.ts')],
    outfile: join(outDir, 'playground.js'),
    tsconfig: join(root, 'tsconfig.json'), // resolves @repo/endpoint through its paths
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'warning',
  });
}
