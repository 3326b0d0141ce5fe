// Runs the bundled service (scripts/build-ratelimit-bundle.mjs) the way Node runs a CommonJS
// file, plus V8's code cache: compiling the 4 MB bundle costs ~100 ms of CPU at every start;
// with the cache the build made (scripts/train-code-cache.mjs) it takes ~10 ms, and the functions
// a start runs are already compiled. Node 24's module.enableCompileCache was measured as the
// alternative and kept out: it stores only what compiles when the file loads (0.7 MB, not the
// 3.8 MB of functions a training start runs), so a start took more CPU (docs/benchmarks.md,
// "Start-up"). A missing, stale or rejected cache only makes the start slower.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { decodeCodeCache } from './code-cache';

/** The bundle file is one function expression with the parameters of Node's module wrapper. */
type ModuleFunction = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

export interface RunningBundle {
  /** The compiled bundle (its createCachedData() makes a code cache). */
  readonly script: Script;
  readonly isCodeCacheUsed: boolean;
  /** What the bundle exported. */
  readonly exports: object;
}

export function runBundle(bundlePath: string, codeCachePath: string): RunningBundle {
  const { script, isCodeCacheUsed } = compileBundle(bundlePath, codeCachePath);
  const moduleFunction = script.runInThisContext() as ModuleFunction;
  const bundleModule = { exports: {} };
  const require = createRequire(bundlePath);
  moduleFunction.call(
    bundleModule.exports,
    bundleModule.exports,
    require,
    bundleModule,
    bundlePath,
    dirname(bundlePath),
  );
  return { script, isCodeCacheUsed, exports: bundleModule.exports };
}

/**
 * Its own function so that the file buffers (4 MB of source, 4 MB of cache) are garbage before
 * the service starts: still young, the first scavenge frees them instead of the first full GC.
 */
function compileBundle(bundlePath: string, codeCachePath: string) {
  const source = readFileSync(bundlePath);
  const cachedData = decodeCodeCache(source, readIfPresent(codeCachePath));
  // The build writes ASCII only (charset: 'ascii'), so latin1 decodes it exactly, and Node keeps
  // a large latin1 string outside the V8 heap.
  const script = new Script(source.toString('latin1'), { filename: bundlePath, cachedData });
  return { script, isCodeCacheUsed: cachedData !== undefined && script.cachedDataRejected !== true };
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
