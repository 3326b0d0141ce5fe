import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The repository root, found by walking up from this file: the compiled tests live in dist/ or
 * in a DIST_DIR such as .tmp/dist-x, at different depths, while sources, scripts and examples are
 * read from the source tree.
 */
export function repoRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'ratelimit-monorepo') {
      return dir;
    }
  }
  throw new Error(`repository root not found above ${__dirname}`);
}
