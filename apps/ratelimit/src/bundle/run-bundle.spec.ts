import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { scratchDir } from '@repo/test-support';
import { encodeCodeCache, sealBundle } from './code-cache';
import { runBundle } from './run-bundle';

// A bundle in the shape scripts/build-ratelimit-bundle.mjs writes: Node's module wrapper around
// CommonJS code that requires a built-in, exports, and reports where it runs.
const SOURCE =
  '(function (exports, require, module, __filename, __dirname) {' +
  "'use strict'; const { sep } = require('node:path');" +
  'module.exports = { file: __filename, dir: __dirname, sep, sum: (a, b) => a + b };' +
  '})';
const SEALED = sealBundle(Buffer.from(SOURCE));

function writeBundle(name: string): string {
  const path = join(scratchDir('run-bundle'), `${name}.js`);
  writeFileSync(path, SEALED);
  return path;
}

describe(runBundle.name, () => {
  it('runs the bundle as a CommonJS module of its own file', () => {
    const path = writeBundle('plain');
    const bundle = runBundle(path, '/nonexistent/cache');
    const exported = bundle.exports as {
      file: string;
      dir: string;
      sep: string;
      sum(a: number, b: number): number;
    };
    assert.equal(exported.file, path);
    assert.equal(exported.dir, dirname(path));
    assert.equal(exported.sep, '/');
    assert.equal(exported.sum(2, 3), 5);
    assert.equal(bundle.isCodeCacheUsed, false);
  });

  it('uses a code cache made from the same bytes', () => {
    const path = writeBundle('cached');
    const data = runBundle(path, '/nonexistent/cache').script.createCachedData();
    writeFileSync(`${path}.code-cache`, encodeCodeCache(SEALED, data));
    const bundle = runBundle(path, `${path}.code-cache`);
    assert.equal(bundle.isCodeCacheUsed, true);
    assert.equal((bundle.exports as { sum(a: number, b: number): number }).sum(1, 1), 2);
  });

  it('compiles without the cache when it was made from another build (same length)', () => {
    const path = writeBundle('stale');
    const data = runBundle(path, '/nonexistent/cache').script.createCachedData();
    const other = sealBundle(Buffer.from(SOURCE.replace('a + b', 'a - b')));
    assert.equal(other.length, SEALED.length);
    writeFileSync(`${path}.code-cache`, encodeCodeCache(other, data));
    const bundle = runBundle(path, `${path}.code-cache`);
    assert.equal(bundle.isCodeCacheUsed, false);
    assert.equal((bundle.exports as { sum(a: number, b: number): number }).sum(1, 1), 2);
  });
});
