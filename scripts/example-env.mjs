// The environment `npm start` runs the rate limit service with (scripts/start-dev.mjs): the
// in-memory counter store and the example rules of examples/ratelimit/config, reloaded when a
// file there changes. The build's training start of the bundle uses it too (train-code-cache.mjs).
import { join } from 'node:path';

export function exampleEnv(root) {
  return {
    BACKEND_TYPE: 'memory',
    RUNTIME_ROOT: join(root, 'examples'),
    RUNTIME_SUBDIRECTORY: 'ratelimit',
    RUNTIME_APPDIRECTORY: 'config',
    RUNTIME_WATCH_ROOT: 'false',
    USE_PUSHSTATS: 'false',
    LOG_LEVEL: 'info',
  };
}
