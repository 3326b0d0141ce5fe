// bin/run-child.js, which the commands of bin/ use too (docs/development.md, "Node").
export { runChild } from '../bin/run-child.js';
