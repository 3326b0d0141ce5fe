// What a package costs a web page: esbuild bundles the entry for the browser as one minified
// ES module, as an application's build would; the size is given raw and gzipped (zlib's default
// level). The bundle is deterministic, so the figures are too.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  readonly minifiedBytes: number;
  readonly gzippedBytes: number;
  /** The input files esbuild kept, with their bytes in the output: what to look at first. */
  readonly inputs: Readonly<Record<string, number>>;
}

/** `specifier` is a package name or an absolute path, resolved from `resolveDir` (input paths are relative to it). */
export async function browserBundleSize(specifier: string, resolveDir: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(specifier)};`, resolveDir },
    absWorkingDir: resolveDir,
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.fromEntries(
    Object.entries(output.inputs).map(([path, input]) => [path, input.bytesInOutput]),
  );
  return { minifiedBytes: bytes.length, gzippedBytes: gzipSync(bytes).length, inputs };
}
