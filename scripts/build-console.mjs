// The operator console's page (apps/ratelimit/console/) in <dist>/apps/ratelimit/bundle/console/,
// beside the production bundle, so the bundle and the container image carry it: the static files
// of console/public/ and console.js (the browser entry console/web/console.ts, one minified ES
// module; esbuild, platform browser: a Node built-in import fails the build). No CDN, nothing
// fetched from elsewhere: the page works offline.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export async function buildConsole({ root, dist }) {
  const consoleDir = join(root, 'apps/ratelimit/console');
  const outDir = join(dist, 'apps/ratelimit/bundle/console');
  mkdirSync(outDir, { recursive: true });
  cpSync(join(consoleDir, 'public'), outDir, { recursive: true });
  await build({
    entryPoints: [join(consoleDir, 'web/console.ts')],
    outfile: join(outDir, 'console.js'),
    tsconfig: join(root, 'tsconfig.json'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  });
}
