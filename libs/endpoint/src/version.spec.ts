import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_NAME, VERSION } from './version';

/** libs/endpoint/package.json: the source tree's copy, found from dist/ or from source. */
function readPackageJson(): { name: string; version: string } {
  let dir = __dirname;
  for (let depth = 0; depth < 8; depth++, dir = join(dir, '..')) {
    try {
      return JSON.parse(readFileSync(join(dir, 'libs/endpoint/package.json'), 'utf8')) as never;
    } catch {
      // keep walking up to the repository root
    }
  }
  throw new Error('libs/endpoint/package.json not found');
}

describe('version', () => {
  it('matches libs/endpoint/package.json', () => {
    const manifest = readPackageJson();
    assert.equal(PACKAGE_NAME, manifest.name);
    assert.equal(VERSION, manifest.version);
  });
});
