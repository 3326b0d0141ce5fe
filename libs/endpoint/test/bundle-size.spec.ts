// What @repo/endpoint costs a web page, beside the reference @octokit/endpoint: both bundled by
// esbuild for the browser, minified, gzipped (test/support/browser-bundle-size.ts; the endpoint
// bench prints the same figures). The bundle is deterministic: these are exact sizes, not timings.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browserBundleSize, repoRoot } from '@repo/test-support';

/** `@octokit/endpoint` 11.0.5 measured this way: the ceiling (docs/benchmarks.md#endpoint-size). */
const REFERENCE_GZIPPED_BYTES = 2257;

const ours = () => browserBundleSize(join(repoRoot(), 'libs/endpoint/src/index.ts'), repoRoot());

describe('browser bundle size', () => {
  it(`is no larger than @octokit/endpoint (${REFERENCE_GZIPPED_BYTES} B gzipped)`, async () => {
    const { gzippedBytes, inputs } = await ours();
    const reference = await browserBundleSize('@octokit/endpoint', repoRoot());
    assert.ok(reference.gzippedBytes <= REFERENCE_GZIPPED_BYTES, `reference ${reference.gzippedBytes} B`);
    // On failure, each file's minified bytes say where to look first.
    assert.ok(
      gzippedBytes <= REFERENCE_GZIPPED_BYTES,
      `${gzippedBytes} B gzipped: ${JSON.stringify(inputs)}`,
    );
  });

  it('keeps nothing type-only: no route catalogue, no @octokit code, only the library sources', async () => {
    const { inputs } = await ours();
    const files = Object.keys(inputs).filter((path) => path !== '<stdin>');
    assert.deepEqual(
      files.filter((path) => !path.startsWith('libs/endpoint/src/')),
      [],
    );
    for (const typeOnly of ['types.ts', 'typed-routes.ts', 'endpoint-interface.ts', 'compiled-template.ts']) {
      assert.ok(!files.some((path) => path.endsWith('/' + typeOnly)), typeOnly);
    }
  });
});
