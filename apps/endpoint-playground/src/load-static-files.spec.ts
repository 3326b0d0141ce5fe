import { scratchDir } from '@repo/test-support';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadStaticFiles } from './load-static-files';

describe(loadStaticFiles.name, () => {
  it('loads the files of the folder (not its subfolders) with their content types', () => {
    const dir = scratchDir('playground-public');
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'playground.js'), 'x');
    writeFileSync(join(dir, 'data.bin'), 'y');
    mkdirSync(join(dir, 'nested'));
    const sut = loadStaticFiles(dir);
    assert.deepEqual(
      [...sut].map(([name, file]) => [name, file.contentType, file.content.toString()]).sort(),
      [
        ['data.bin', 'application/octet-stream', 'y'],
        ['index.html', 'text/html; charset=utf-8', '<!doctype html>'],
        ['playground.js', 'text/javascript; charset=utf-8', 'x'],
      ],
    );
  });

  it('fails when the page is not built', () => {
    const dir = scratchDir('playground-empty');
    assert.throws(() => loadStaticFiles(dir), {
      message: `${dir} has no index.html: build the playground first (npm run build)`,
    });
  });
});
