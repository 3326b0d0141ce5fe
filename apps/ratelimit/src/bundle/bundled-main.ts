// dist/apps/ratelimit/main.js of the production build (esbuild bundles this file there): the
// service itself is bundle/service.js beside it, run with its code cache (run-bundle.ts), on a
// Node whose young generation is capped (young-generation.ts: may first run Node again).
import { join } from 'node:path';
import { runBundle } from './run-bundle';
import { capYoungGeneration } from './young-generation';

capYoungGeneration();
const service = join(__dirname, 'bundle', 'service.js');
runBundle(service, `${service}.code-cache`);
