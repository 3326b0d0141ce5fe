// `npm run helm -- <args>`: the Helm the project ships (scripts/helm-binary.mjs), run with <args>
// in the folder the command was typed in (npm runs scripts from the repository root and says
// where it was called from in INIT_CWD), so relative paths such as `-f my-values.yaml` mean
// what they say. Signals reach Helm and this script exits as Helm exits.
import './supported-node.mjs';
import { helmBinary } from './helm-binary.mjs';
import { runChild } from './run-child.mjs';

const root = new URL('..', import.meta.url).pathname;
let binary;
try {
  binary = helmBinary(root);
} catch (error) {
  console.error(`npm run helm: ${error.message}`);
  process.exit(1);
}
runChild(binary, process.argv.slice(2), { cwd: process.env.INIT_CWD ?? process.cwd() });
