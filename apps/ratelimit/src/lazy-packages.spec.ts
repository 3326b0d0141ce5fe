// The packages the service loads only when configured (LAZY_PACKAGES of scripts/swc-config.mjs,
// docs/benchmarks.md "Start-up"): loading the app must not load them, or every replica pays their
// start-up time and memory whatever its settings. A fresh process, since this one may have loaded
// them already.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@repo/test-support';

/** The build's own list (an ES module, hence import()). */
async function lazyPackages(): Promise<string[]> {
  const url = pathToFileURL(join(repoRoot(), 'scripts/swc-config.mjs')).href;
  const { LAZY_PACKAGES } = (await import(url)) as { LAZY_PACKAGES: string[] };
  return LAZY_PACKAGES;
}

function packagesLoadedBy(modulePath: string, packages: readonly string[]): string[] {
  const script = `
    require('reflect-metadata');
    require(${JSON.stringify(modulePath)});
    const loaded = Object.keys(require.cache).map((file) => file.split('/node_modules/').pop());
    process.stdout.write(JSON.stringify(${JSON.stringify(packages)}
      .filter((name) => loaded.some((file) => file.startsWith(name + '/')))));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
}

describe('packages loaded only when configured', () => {
  it('loading the service (create-app and its imports) loads none of them', async () => {
    const packages = await lazyPackages();
    assert.equal(packages.includes('ioredis'), true);
    assert.deepEqual(packagesLoadedBy(join(__dirname, 'create-app.js'), packages), []);
  });
});
