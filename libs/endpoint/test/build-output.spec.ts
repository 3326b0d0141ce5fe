// The published package in <dist>/libs/endpoint (scripts/build-endpoint.mjs): the ESM and the
// CommonJS builds load and agree with the source, conditional exports point at real files, a
// browser bundle of the package pulls in no Node built-in, and the package page and the one
// dependency its declarations need are shipped.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { repoRoot } from '@repo/test-support';
import { endpoint as sourceEndpoint } from '../src/index';

const packageDir = join(__dirname, '..');
type EndpointModule = { endpoint: typeof sourceEndpoint; VERSION: string };

// SWC compiles import() to require(); a Function keeps a real dynamic import for the .mjs.
const importEsm = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<EndpointModule>;

const sampleCalls: Array<(e: typeof sourceEndpoint) => unknown> = [
  (e) => e('GET /orgs/{org}/repos', { org: 'octokit', type: 'private' }),
  (e) => e('POST /graphql', { mediaType: { previews: ['symmetra'], format: 'raw' }, query: '{}' }),
  (e) =>
    e.defaults({ baseUrl: 'https://ghe/api/v3', per_page: 10 })('GET /repos/:owner/:repo{?page}', {
      owner: 'o',
      repo: 'r',
      page: 2,
    }),
  (e) => e.merge('PATCH /x', { headers: { 'X-A': '1' } }),
];

describe('built package', () => {
  it('package.json exports import, require and types conditions that exist', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      name: string;
      sideEffects: boolean;
      exports: { '.': { import: string; require: string; types: string } };
    };
    assert.equal(manifest.name, '@repo/endpoint');
    assert.equal(manifest.sideEffects, false);
    const conditions = manifest.exports['.'];
    assert.deepEqual(Object.keys(conditions), ['types', 'import', 'require']);
    for (const file of Object.values(conditions)) assert.ok(existsSync(join(packageDir, file)), file);
    assert.match(readFileSync(join(packageDir, conditions.types), 'utf8'), /export declare const endpoint: /);
  });

  it('ships README.md and depends on the @octokit/types its declarations import, and only the declarations do', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      files: string[];
      dependencies: Record<string, string>;
    };
    assert.ok(manifest.files.includes('README.md'));
    assert.match(readFileSync(join(packageDir, 'README.md'), 'utf8'), /^# @repo\/endpoint/);
    assert.deepEqual(Object.keys(manifest.dependencies), ['@octokit/types']);
    const installed = JSON.parse(
      readFileSync(join(repoRoot(), 'node_modules/@octokit/types/package.json'), 'utf8'),
    ) as { version: string };
    const [major] = manifest.dependencies['@octokit/types'].replace(/^\^/, '').split('.');
    assert.equal(installed.version.split('.')[0], major, 'the range admits the version built against');
    const declarations = readFileSync(join(packageDir, 'types/typed-routes.d.ts'), 'utf8');
    assert.match(declarations, /import type \{ Endpoints \} from '@octokit\/types'/);
    for (const bundle of ['index.mjs', 'index.cjs']) {
      assert.doesNotMatch(readFileSync(join(packageDir, bundle), 'utf8'), /@octokit/, bundle);
    }
  });

  it('the ESM and CommonJS builds load and give the same results as the source', async () => {
    const esm = await importEsm(pathToFileURL(join(packageDir, 'index.mjs')).href);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cjs = require(join(packageDir, 'index.cjs')) as EndpointModule;
    assert.equal(typeof esm.endpoint, 'function');
    assert.equal(esm.VERSION, cjs.VERSION);
    for (const sample of sampleCalls) {
      const expected = sample(sourceEndpoint);
      assert.deepStrictEqual(sample(esm.endpoint), expected);
      assert.deepStrictEqual(sample(cjs.endpoint), expected);
    }
  });

  it('a browser bundle of the package imports no Node built-in', async () => {
    const result = await build({
      entryPoints: [join(packageDir, 'index.mjs')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const imported = Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.map((entry) => entry.path),
    );
    assert.deepEqual(
      imported.filter((path) => builtins.has(path)),
      [],
    );
    const text = result.outputFiles[0].text;
    assert.doesNotMatch(text, /\brequire\(/);
    assert.match(text, /"repo-endpoint\.js"/); // the user-agent product
  });
});
