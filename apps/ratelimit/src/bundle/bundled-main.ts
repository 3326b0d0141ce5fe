// dist/apps/ratelimit/main.js of the production build (esbuild bundles this file there): the
// service itself is bundle/service.js beside it, run with its code cache (run-bundle.ts).
import { join } from 'node:path';
import { runBundle } from './run-bundle';

const service = join(__dirname, 'bundle', 'service.js');
runBundle(service, `${service}.code-cache`);
