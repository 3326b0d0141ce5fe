// The production bundle is what users run, so its build must not take an option that makes the
// service slower per call (docs/benchmarks.md, "The bundle's per-call cost"). Each known one is
// listed with its reason; the build's own options and its output are checked against them.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, scratchDir } from '@repo/test-support';

interface BundleScript {
  BUNDLE_OPTIONS: Record<string, unknown>;
  ESBUILD_NAME_HELPER: string;
  bundleInMemory(options: object): Promise<{ path: string; contents: Uint8Array }[]>;
}
const loadBuildScript = () =>
  import(join(repoRoot(), 'scripts/build-ratelimit-bundle.mjs')) as Promise<BundleScript>;

/**
 * A two-module program: two classes and two functions of the same names (esbuild renames one of
 * each, keepNames gives the name back) and an arrow function made on every call.
 */
function writeProgram(): string {
  const dir = scratchDir('bundle-options');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'a.js'), 'class Foo {}\nfunction bar() {}\nmodule.exports = { Foo, bar };\n');
  writeFileSync(
    join(dir, 'main.js'),
    "const a = require('./a.js');\nclass Foo {}\nfunction bar() {}\n" +
      'function makeHandler(n) { const handler = () => n; return handler; }\n' +
      'module.exports = { FooA: a.Foo, FooB: Foo, barA: a.bar, barB: bar, makeHandler };\n',
  );
  return dir;
}

interface Program {
  FooA: { name: string };
  FooB: { name: string };
  barA: { name: string };
  barB: { name: string };
  makeHandler(n: number): () => number;
}

/** Runs the bundled program and counts the `name` redefinitions its calls to makeHandler make. */
function run(code: string, calls: number): { program: Program; nameDefinitions: number } {
  const defineProperty = Object.defineProperty;
  let nameDefinitions = 0;
  Object.defineProperty = ((target: object, key: PropertyKey, descriptor: PropertyDescriptor) => {
    if (key === 'name') nameDefinitions++;
    return defineProperty(target, key, descriptor);
  }) as typeof Object.defineProperty;
  try {
    const module = { exports: {} as Program };
    const asModule = new Function('module', 'exports', 'require', '__filename', '__dirname', code);
    asModule(module, module.exports, require, __filename, __dirname);
    nameDefinitions = 0;
    for (let n = 0; n < calls; n++) module.exports.makeHandler(n);
    return { program: module.exports, nameDefinitions };
  } finally {
    Object.defineProperty = defineProperty;
  }
}

async function bundleProgram(script: BundleScript, dir: string): Promise<string> {
  const [file] = await script.bundleInMemory({
    entryPoints: [join(dir, 'main.js')],
    outfile: join(dir, 'out.js'),
    sourcemap: false,
  });
  return Buffer.from(file.contents).toString('utf8');
}

describe('the production bundle build', () => {
  it('keepNames: classes and functions keep their names, closures made per call cost no property write', async () => {
    // esbuild's own __name helper calls Object.defineProperty on every wrapped closure each time
    // one is created (six per ShouldRateLimit call): a tenth of the bundle's calls per CPU-second.
    const script = await loadBuildScript();
    const code = await bundleProgram(script, writeProgram());
    assert.ok(code.includes('__name('), 'keepNames is on: Nest reads class names');
    const { program, nameDefinitions } = run(code, 1000);
    assert.equal(nameDefinitions, 0);
    assert.equal(program.makeHandler(7)(), 7);
    assert.deepEqual([program.FooA.name, program.FooB.name], ['Foo', 'Foo']);
    assert.deepEqual([program.barA.name, program.barB.name], ['bar', 'bar']);
    assert.ok(code.includes('class Foo2') || code.includes('function bar2'), 'esbuild renamed one of each');
    // The same program with esbuild's helper: the test would see the cost.
    const helper = code.match(/var __name=[^;]*;/)![0];
    const withEsbuildHelper = code.replace(helper, script.ESBUILD_NAME_HELPER.padEnd(helper.length));
    assert.equal(run(withEsbuildHelper, 1000).nameDefinitions, 1000);
  });

  it('target: nothing the service runs is rewritten into slower older syntax', async () => {
    // Below the Node it runs on, esbuild turns async/await into generator state machines, class
    // fields into defineProperty calls and `?.` into temporaries: more work on every call.
    const script = await loadBuildScript();
    const dir = scratchDir('bundle-target');
    mkdirSync(dir, { recursive: true });
    const source =
      'class A { x = 1; #y = 2; async f(o) { return (await o)?.z ?? this.#y; } }\nmodule.exports = A;\n';
    writeFileSync(join(dir, 'main.js'), source);
    const code = await bundleProgram(script, dir);
    for (const syntax of ['async f(', 'await ', '?.', '??', '#y', 'x=1'])
      assert.ok(code.includes(syntax), `${syntax} kept as written`);
  });
});
