// The production build of the rate limit service (docs/development.md, "Build"): esbuild bundles
// the SWC output (SWC keeps the decorator metadata Nest injects by; esbuild alone would drop it),
// so a replica compiles one script instead of resolving and reading ~2000 modules. In
// <dist>/apps/ratelimit/:
//   main.js                       entry: runs bundle/service.js with its V8 code cache
//   bundle/service.js             the service, one function expression (src/bundle/run-bundle.ts),
//                                 sealed: its last line is its SHA-256 (src/bundle/code-cache.ts)
//   bundle/service.js.code-cache  made by a training start (train-code-cache.mjs)
//   bundle/node_modules/<name>/   one bundle per package loaded only when configured (LAZY_PACKAGES,
//                                 swc-config.mjs), where require() from bundle/ finds it; they
//                                 share @opentelemetry/api
//   bundle/node_modules/@datadog/pprof/   a native one (LAZY_NATIVE_MODULES): the modules the
//                                 service requires, bundled at their paths in the package, and
//                                 the package's prebuilt binaries for this platform
//   bundle/ratelimit-client.js, bundle/config-check.js   the CLIs of bin/
//   bundle/rules-worker.js        the worker thread that reads, parses and compiles rules
//   bundle/test/create-app.js     startRatelimit, for the e2e-bundle test stage (not shipped)
//   bundle/console/               the operator console's page (scripts/build-console.mjs)
// No other node_modules are needed at run time: only packages that are not installed (optional
// peers such as @nestjs/websockets or kafkajs, which the service never loads) stay external.
// The .proto files are read from <dist>/proto, found by walking up from the bundle.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildConsole } from './build-console.mjs';
import { LAZY_NATIVE_MODULES, LAZY_NATIVE_PACKAGES, LAZY_PACKAGES } from './swc-config.mjs';
import { trainCodeCache } from './train-code-cache.mjs';

export async function bundleRatelimit({ root, dist }) {
  const compiled = join(dist, 'apps/ratelimit/src');
  const outdir = join(dist, 'apps/ratelimit');
  // The service is wrapped in a function (like Node's module wrapper) so run-bundle.ts compiles
  // the file as it is: no second 4 MB source string, and the code cache matches the file's bytes.
  await bundle({
    entryPoints: [{ in: join(compiled, 'main.js'), out: 'bundle/service' }],
    outdir,
    banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
    footer: { js: '})' },
  });
  sealServiceBundle(join(outdir, 'bundle/service.js'), compiled);
  await bundle({
    entryPoints: [
      { in: join(compiled, 'bundle/bundled-main.js'), out: 'main' },
      { in: join(compiled, 'cli/ratelimit-client.js'), out: 'bundle/ratelimit-client' },
      { in: join(compiled, 'cli/config-check.js'), out: 'bundle/config-check' },
      { in: join(compiled, 'create-app.js'), out: 'bundle/test/create-app' },
      // The rules worker's own script (libs/rules/src/worker/run-rules-worker.ts finds it).
      { in: join(dist, 'libs/rules/src/worker/rules-worker.js'), out: 'bundle/rules-worker' },
      ...LAZY_PACKAGES.map((name) => ({ in: name, out: `bundle/node_modules/${name}/index` })),
    ],
    outdir,
  });
  for (const name of LAZY_NATIVE_PACKAGES)
    await bundleNativePackage(name, join(outdir, 'bundle/node_modules'));
  await buildConsole({ root, dist });
  await trainCodeCache({ root, dist });
}

/**
 * A native package where require() from bundle/ finds it: each of its LAZY_NATIVE_MODULES bundled
 * at its path in the package (node-gyp-build looks for prebuilds/ from the package's root, found
 * from that file's directory), and the binaries prebuilt for this platform (the build runs where
 * the service runs: docker/Dockerfile).
 */
async function bundleNativePackage(name, nodeModules) {
  const require = createRequire(import.meta.url);
  const source = dirname(require.resolve(`${name}/package.json`));
  const target = join(nodeModules, name);
  const modules = LAZY_NATIVE_MODULES.filter((path) => path.startsWith(`${name}/`));
  await bundle({
    entryPoints: modules.map((path) => ({ in: require.resolve(path), out: path.slice(name.length + 1) })),
    outdir: target,
    // the binding's require of a path found at run time stays a require
    logOverride: { 'unsupported-require-call': 'silent' },
  });
  const prebuilds = `prebuilds/${process.platform}-${process.arch}`;
  for (const path of ['package.json', 'LICENSE', prebuilds])
    cpSync(join(source, path), join(target, path), { recursive: true });
}

/**
 * The service's last line: the SHA-256 of the bytes above it, which its code cache is checked
 * against at every start (src/bundle/code-cache.ts) instead of hashing the 4 MB there.
 */
function sealServiceBundle(path, compiled) {
  const { sealBundle } = createRequire(import.meta.url)(join(compiled, 'bundle/code-cache.js'));
  writeFileSync(path, sealBundle(readFileSync(path)));
}

/** Bundles with the options below (options override them) and writes the files. */
async function bundle(options) {
  for (const file of await bundleInMemory(options)) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
}

/** The files esbuild makes with BUNDLE_OPTIONS and `options`, each script with the cheap `__name`. */
export async function bundleInMemory(options) {
  const { outputFiles } = await build({ ...BUNDLE_OPTIONS, ...options, write: false });
  return outputFiles.map(({ path, text, contents }) => ({
    path,
    contents: path.endsWith('.js') ? withCheapNameHelper(text, path) : contents,
  }));
}

/**
 * keepNames (Nest reads class names: module names, log contexts) makes esbuild wrap functions and
 * classes in its helper `__name(fn, "name")`, which redefines `name` with Object.defineProperty.
 * Arrow functions made on every call get wrapped too: grpc-js's call-event callbacks, Nest's
 * parameter resolvers, six per ShouldRateLimit call; each redefinition is a slow runtime call
 * and gives the closure another shape. That cost the bundle about a tenth of its calls per CPU
 * second against the compiled tree (docs/benchmarks.md, "The bundle's per-call cost"). The helper
 * below names what keepNames is for, classes and `function`s (they have a `prototype`), skips a
 * name that is already right, and leaves arrow and async functions as V8 made them (nothing reads
 * those names). It has the length of esbuild's, padded, so the source map stays exact; `{value}`
 * keeps the other attributes of the existing `name` (configurable, not writable or enumerable),
 * as esbuild's descriptor sets them. An esbuild release that writes its helper otherwise fails
 * the build here.
 */
export function withCheapNameHelper(code, path) {
  if (!code.includes('__name(')) return code;
  const pieces = code.split(ESBUILD_NAME_HELPER);
  if (pieces.length !== 2)
    throw new Error(`${path}: esbuild's __name helper not found once (${pieces.length - 1})`);
  return pieces.join(CHEAP_NAME_HELPER.padEnd(ESBUILD_NAME_HELPER.length));
}

export const ESBUILD_NAME_HELPER =
  'var __name=(target,value)=>__defProp(target,"name",{value,configurable:!0});';
export const CHEAP_NAME_HELPER =
  'var __name=(t,v)=>t.name===v||!t.prototype?t:__defProp(t,"name",{value:v});';

/** Bare imports that do not resolve (optional peers that are not installed) stay `require()`s. */
const externalWhenNotInstalled = {
  name: 'external-when-not-installed',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === PROBE || isBuiltin(args.path)) return undefined;
      return (await isInstalled(pluginBuild, args)) ? undefined : { path: args.path, external: true };
    });
  },
};

/**
 * @nestjs/common creates two Intl.DateTimeFormat objects when it loads, for the timestamps of its
 * console logger, which this service replaces with pino: they load ICU locale data, ~12 ms and
 * ~6 MB of resident memory. Here they are created on first use instead (same options, same
 * output). A Nest release that changes these lines only makes the build warn.
 */
const lazyNestDateFormatter = {
  name: 'lazy-nest-date-formatter',
  setup(pluginBuild) {
    const filter = /[\\/]@nestjs[\\/]common[\\/]services[\\/](console-logger|logger)\.service\.js$/;
    pluginBuild.onLoad({ filter }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = 'const dateTimeFormatter = new Intl.DateTimeFormat(';
      if (source.split(eager).length !== 2) {
        return {
          contents: source,
          warnings: [{ text: `lazy-nest-date-formatter: "${eager}" not found once` }],
        };
      }
      const lazy =
        'const dateTimeFormatter = ((...args) => { let formatter; ' +
        'return { format: (date) => (formatter ??= new Intl.DateTimeFormat(...args)).format(date) }; })(';
      return { contents: source.replace(eager, lazy) };
    });
  },
};

export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node24',
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: [fileURLToPath(new URL('import-meta-url-shim.mjs', import.meta.url))],
  // Whitespace and syntax only: names stay readable in stack traces, and Nest reads class
  // names (keepNames) for its tokens and log contexts.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  legalComments: 'none',
  // Non-ASCII characters escaped: run-bundle.ts reads the file as latin1.
  charset: 'ascii',
  sourcemap: 'linked',
  logLevel: 'warning',
  // import() becomes require() in a promise: code compiled by node:vm (run-bundle.ts) cannot
  // import() without an experimental flag, and the bundle has no ES module to import.
  supported: { 'dynamic-import': false },
  external: [...LAZY_PACKAGES, ...LAZY_NATIVE_PACKAGES].flatMap((name) => [name, `${name}/*`]),
  plugins: [externalWhenNotInstalled, lazyNestDateFormatter],
};

const PROBE = 'probe';
const BUILTINS = new Set(builtinModules);

function isBuiltin(path) {
  return path.startsWith('node:') || BUILTINS.has(path.split('/')[0]);
}

/** require.resolve first (fast); esbuild's resolver for packages that only export `import`. */
async function isInstalled(pluginBuild, args) {
  try {
    createRequire(join(args.resolveDir, 'noop.js')).resolve(args.path);
    return true;
  } catch {
    const { kind, resolveDir } = args;
    const probe = await pluginBuild.resolve(args.path, { kind, resolveDir, pluginData: PROBE });
    return probe.errors.length === 0;
  }
}
