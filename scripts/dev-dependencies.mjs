// `npm start` builds from source, which needs the devDependencies (esbuild, SWC). After a
// production-only install (`npm ci --omit=dev`) they are missing, and the build would stop on a
// raw ERR_MODULE_NOT_FOUND stack trace: say instead, in one line, what to run.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const BUILD_TOOLS = ['esbuild', '@swc/core'];

/** The first build tool that `root` cannot load, or undefined when all are installed. */
export function missingBuildTool(root) {
  const require = createRequire(join(root, 'package.json'));
  return BUILD_TOOLS.find((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** Exits 1 with one line on stderr when a build tool is missing. */
export function exitUnlessBuildToolsInstalled(root, command) {
  const missing = missingBuildTool(root);
  if (missing === undefined) return;
  console.error(
    `${command} builds from source and needs the devDependencies, but ${missing} is not installed ` +
      `(a production-only install, npm ci --omit=dev?): run \`npm ci\`, then \`${command}\` again`,
  );
  process.exit(1);
}
