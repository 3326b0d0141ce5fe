// The packages the service loads only when configured or asked for (LAZY_PACKAGES and the other
// lists of scripts/swc-config.mjs, docs/benchmarks.md "Start-up"): loading the app must not load them, or every replica pays their
// start-up time and memory whatever its settings. A fresh process, since this one may have loaded
// them already.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@repo/test-support';

/** The build's own lists (scripts/swc-config.mjs), and which of them loading `modulePath` loads. */
function lazyPackagesLoadedBy(modulePath: string): { packages: string[]; loaded: string[] } {
  const config = join(repoRoot(), 'scripts/swc-config.mjs');
  const script = `
    const { LAZY_PACKAGES: lazy, LAZY_IN_SERVICE, LAZY_NATIVE_PACKAGES } = require(${JSON.stringify(config)});
    const LAZY_PACKAGES = [...lazy, ...LAZY_IN_SERVICE, ...LAZY_NATIVE_PACKAGES];
    require('reflect-metadata');
    require(${JSON.stringify(modulePath)});
    const files = Object.keys(require.cache).map((file) => file.split('/node_modules/').pop());
    const loaded = LAZY_PACKAGES.filter((name) => files.some((file) => file.startsWith(name + '/')));
    process.stdout.write(JSON.stringify({ packages: LAZY_PACKAGES, loaded }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    packages: string[];
    loaded: string[];
  };
}

describe('packages loaded only when configured', () => {
  it('loading the service (create-app and its imports) loads none of them', () => {
    const { packages, loaded } = lazyPackagesLoadedBy(join(__dirname, 'create-app.js'));
    assert.equal(packages.includes('ioredis'), true);
    assert.equal(packages.includes('prom-client'), true);
    assert.equal(packages.includes('@grpc/proto-loader'), true);
    assert.equal(packages.includes('@datadog/pprof'), true);
    assert.deepEqual(loaded, []);
  });
});
