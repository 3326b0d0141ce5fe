// V8's collections on demand. The service runs one in two places: a full one once after start-up
// (apps/ratelimit release-start-up-memory.ts) and a young-generation one after each piece of a
// rules load (run-rules-worker.ts). `gc` is only handed to contexts created while --expose-gc is
// set, so the service's own global never gets it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface CollectionOptions {
  readonly type: 'major' | 'minor';
  readonly execution: 'sync';
  readonly flavor?: 'last-resort';
}

type Collect = (options: CollectionOptions) => void;
let collect: Collect | undefined;

export function collectGarbage(options: CollectionOptions): void {
  collect ??= exposedGc();
  collect(options);
}

function exposedGc(): Collect {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Collect;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
