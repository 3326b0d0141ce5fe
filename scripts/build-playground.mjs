// apps/endpoint-playground's page in <dist>/apps/endpoint-playground/public/: the static files
// of apps/endpoint-playground/public/, playground.js (the browser entry web/playground.ts with
// libs/endpoint inside) and the chunks it imports later (the catalogue panel), minified ES
// modules with source maps (esbuild, platform browser: a Node built-in import fails the build),
// and routes.json, the catalogue of GitHub's operations (scripts/build-route-catalogue.mjs).
// The app serves this folder relative to its own compiled location, so dist/ is self-contained.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildRouteCatalogue } from './build-route-catalogue.mjs';

export async function buildPlayground({ root, dist }) {
  const appDir = join(root, 'apps/endpoint-playground');
  const outDir = join(dist, 'apps/endpoint-playground/public');
  mkdirSync(outDir, { recursive: true });
  cpSync(join(appDir, 'public'), outDir, { recursive: true });
  await build({
    entryPoints: [join(appDir, 'web/playground.ts')],
    outdir: outDir,
    chunkNames: '[name]-[hash]',
    tsconfig: join(root, 'tsconfig.json'), // resolves @repo/endpoint through its paths
    bundle: true,
    splitting: true, // the catalogue panel is a chunk of its own, loaded after the page
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
  });
  buildRouteCatalogue({ root, dist });
}
