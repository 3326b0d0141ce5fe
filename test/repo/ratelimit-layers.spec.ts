// The lint rule that keeps apps/ratelimit/src importing only down its layers (eslint.config.mjs,
// RATELIMIT_LAYERS): an import that runs up a layer fails `npm run lint`, one that runs down or
// stays in its layer passes, at every folder depth. Linted as text under made-up file names, so
// no file of the service is touched.
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { repoRoot } from '@repo/test-support';

const eslint = new ESLint({ cwd: repoRoot() });

/** The messages of the layer rule for `import { x } from '<specifier>'` in `file`. */
async function layerErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import { x } from '${specifier}';\nexport { x };\n`;
  const [result] = await eslint.lintText(code, { filePath: `apps/ratelimit/src/${file}` });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the layers of apps/ratelimit/src', () => {
  it('refuses an import from a higher layer, naming the layer and the manual', async () => {
    assert.deepEqual(await layerErrors('limiter/example.ts', '../ratelimit/ratelimit.service'), [
      "'../ratelimit/ratelimit.service' import is restricted from being used by a pattern. " +
        'The layer of limiter, core.module imports only from itself and the layers below ' +
        '(docs/development.md#layout).',
    ]);
  });

  it('refuses the imports that once ran up: a type, a token, a helper of stats', async () => {
    assert.equal((await layerErrors('tracing/example.ts', '../ratelimit/rate-limit-types')).length, 1);
    assert.equal((await layerErrors('core.module.ts', './ratelimit/ratelimit-options')).length, 1);
    assert.equal((await layerErrors('listener-limits.ts', './stats/sinks/throttled-warning')).length, 1);
    assert.equal((await layerErrors('ratelimit/example.ts', '../console/operator-console')).length, 1);
    assert.equal(
      (await layerErrors('stats/sinks/prometheus/example.ts', '../../../transport/http/http-server-limits'))
        .length,
      1,
    );
  });

  it('sees through the depth of the importing folder', async () => {
    assert.equal((await layerErrors('stats/sinks/prometheus/example.ts', '../../../limiter/x')).length, 1);
    assert.equal((await layerErrors('transport/grpc/tls/example.ts', '../../../health/x')).length, 1);
  });

  it('lets a file import down, within its own layer and within its own folder', async () => {
    assert.deepEqual(await layerErrors('transport/grpc/example.ts', '../../ratelimit/ratelimit.service'), []);
    assert.deepEqual(await layerErrors('tracing/example.ts', '../rate-limit-types'), []);
    assert.deepEqual(await layerErrors('http-listener.ts', './listener-limits'), []);
    assert.deepEqual(await layerErrors('stats/sinks/example.ts', '../stats.service'), []);
    assert.deepEqual(await layerErrors('main.ts', './create-app'), []);
  });

  it('places every file and folder of src/ in a layer: each refuses to import main.ts, the top', async () => {
    const src = join(repoRoot(), 'apps/ratelimit/src');
    const unplaced: string[] = [];
    for (const name of readdirSync(src).filter((entry) => !entry.endsWith('spec.ts'))) {
      const isFolder = statSync(join(src, name)).isDirectory();
      if (['main.ts', 'bundle'].includes(name)) continue;
      const file = isFolder ? `${name}/example.ts` : name;
      const errors = await layerErrors(file, isFolder ? '../main' : './main');
      if (errors.length !== 1) unplaced.push(name);
    }
    assert.deepEqual(unplaced, [], 'add these to RATELIMIT_LAYERS in eslint.config.mjs');
  });

  it('leaves tests free to import what they exercise', async () => {
    assert.deepEqual(await layerErrors('limiter/example.spec.ts', '../ratelimit/ratelimit.service'), []);
  });
});
