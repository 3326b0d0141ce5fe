// Where the build writes (docs/development.md#build). dist/ is what ships: the services, the
// endpoint package, the playground's page, and no tests. dist-dev/ is the same tree plus the
// compiled tests, benchmarks and what only they use; the tests, the benchmarks and the soak run
// run there. DIST_DIR=<dir> moves both (<dir> and <dir>-dev), for parallel work; it must stay
// inside the repository so node_modules resolves.
import { resolve } from 'node:path';

export function buildDirs(root) {
  const dist = resolve(root, process.env.DIST_DIR ?? 'dist');
  return { dist, devTree: `${dist}-dev` };
}
