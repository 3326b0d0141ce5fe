// The packages the service loads only when configured (.swcrc "lazy", docs/benchmarks.md
// "Start-up"): loading the app must not load them, or every replica pays their start-up time and
// memory whatever its settings. A fresh process, since this one may have loaded them already.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const LAZY_PACKAGES = [
  'ioredis',
  'hot-shots',
  'prom-client',
  '@willsoto/nestjs-prometheus',
  '@opentelemetry/api',
];

function packagesLoadedBy(modulePath: string): string[] {
  const script = `
    require('reflect-metadata');
    require(${JSON.stringify(modulePath)});
    const loaded = Object.keys(require.cache).map((file) => file.split('/node_modules/').pop());
    process.stdout.write(JSON.stringify(${JSON.stringify(LAZY_PACKAGES)}
      .filter((name) => loaded.some((file) => file.startsWith(name + '/')))));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
}

describe('packages loaded only when configured', () => {
  it('loading the service (create-app and its imports) loads none of them', () => {
    assert.deepEqual(packagesLoadedBy(join(__dirname, 'create-app.js')), []);
  });
});
