// The two trees of the build (scripts/build.mjs): dist/ is what ships and holds no test, no
// benchmark and nothing only they use; dist-dev/, where this test runs, is dist/ plus those, with
// every shipped file byte for byte the same.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { decodeCodeCache, isSealIntact } from '../../apps/ratelimit/src/bundle/code-cache';

/** dist-dev/, seen from dist-dev/test/repo/, and dist/ beside it. */
const devTree = join(__dirname, '..', '..');
const dist = devTree.replace(/-dev$/, '');

function filesUnder(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, found);
    else found.push(path);
  }
  return found;
}

const TEST_ONLY = /(^|\/)(test|bench|load)\/|[.-]spec\.js(\.map)?$|\.type-test\.js/;

describe('the build trees', () => {
  it('runs from dist-dev/, beside dist/', () => {
    assert.match(devTree, /-dev$/);
    assert.notEqual(dist, devTree);
  });

  it('ships no test, benchmark or load helper in dist/', () => {
    const files = filesUnder(dist).map((file) => relative(dist, file));
    assert.deepEqual(
      files.filter((file) => TEST_ONLY.test(file)),
      [],
    );
    for (const shipped of [
      'apps/ratelimit/main.js',
      'apps/ratelimit/bundle/service.js',
      'apps/ratelimit/bundle/service.js.code-cache',
      'apps/ratelimit/src/main.js',
      'apps/endpoint-playground/main.js',
      'apps/endpoint-playground/public/index.html',
      'libs/endpoint/index.cjs',
      'proto/envoy/service/ratelimit/v3/rls.proto',
    ]) {
      assert.ok(files.includes(shipped), shipped);
    }
  });

  it('keeps the tests in dist-dev/, and every file of dist/ the same there', () => {
    const devFiles = filesUnder(devTree).map((file) => relative(devTree, file));
    for (const test of [
      'test/repo/dist.spec.js',
      'apps/ratelimit/src/settings/settings.spec.js',
      'apps/ratelimit/load/rls-client.js',
      'apps/ratelimit/bundle/test/create-app.js',
      'bench/startup.bench.js',
    ]) {
      assert.ok(devFiles.includes(test), test);
    }
    const differing = filesUnder(dist)
      .map((file) => relative(dist, file))
      .filter((file) => !readFileSync(join(dist, file)).equals(readFileSync(join(devTree, file))));
    assert.deepEqual(differing, []);
  });

  it('seals the bundled service with its SHA-256, and its code cache carries the same seal', () => {
    const service = join(dist, 'apps/ratelimit/bundle/service.js');
    const source = readFileSync(service);
    assert.equal(isSealIntact(source), true);
    assert.notEqual(decodeCodeCache(source, readFileSync(`${service}.code-cache`)), undefined);
  });
});
