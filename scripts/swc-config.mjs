// The SWC options of the build: .swcrc plus two lists that have one owner each, so they cannot
// drift apart: the path aliases (tsconfig.json's compilerOptions.paths, which tsc and editors read)
// and the packages loaded only on first use (LAZY_PACKAGES, which the bundle script reads too).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Loaded only when the settings ask for them: Redis, statsd, Prometheus, tracing. SWC compiles
 * the static imports of these as lazy requires (`module.lazy`: loaded on first use), and the
 * OpenTelemetry SDK is imported with import() in tracing/start-tracing.ts. The production bundle
 * bundles each on its own beside the service (scripts/build-ratelimit-bundle.mjs), so the
 * service's script does not carry them. apps/ratelimit/src/lazy-packages.spec.ts checks that
 * loading the service loads none of them.
 */
export const LAZY_PACKAGES = [
  'ioredis',
  'hot-shots',
  'prom-client',
  '@opentelemetry/api',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/exporter-trace-otlp-grpc',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/propagator-b3',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace',
];

/**
 * Required on first use like LAZY_PACKAGES, but bundled in the service's script (they share its
 * copy of protobufjs): @grpc/proto-loader serves the xDS client (when configured) and the gRPC
 * clients (CLI, tests); the server loads its own protos with protobufjs. Loading it (and the
 * descriptor.proto support it pulls in) cost ~15 ms of every start.
 */
export const LAZY_IN_SERVICE = ['@grpc/proto-loader'];

/**
 * Modules of native packages, required on first use like LAZY_PACKAGES: the production bundle
 * cannot hold their binaries, so it bundles each module's JavaScript at its path in the package
 * (the binding finds its prebuilt binary from there) and copies the binaries of this platform
 * beside it (scripts/build-ratelimit-bundle.mjs). @datadog/pprof's binding of V8's sampling heap
 * profiler: the heap profile of the debug listener (apps/ratelimit/src/debug/profile-heap.ts).
 */
export const LAZY_NATIVE_MODULES = ['@datadog/pprof/out/src/heap-profiler-bindings'];

/** The packages of LAZY_NATIVE_MODULES (`@scope/name` or `name`). */
export const LAZY_NATIVE_PACKAGES = [
  ...new Set(
    LAZY_NATIVE_MODULES.map((path) =>
      path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/'),
    ),
  ),
];

/** .swcrc with the lazy packages and tsconfig.json's path aliases (resolved from `root`). */
export function swcConfig(root) {
  const base = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
  const { paths } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions;
  return {
    ...base,
    module: { ...base.module, lazy: [...LAZY_PACKAGES, ...LAZY_IN_SERVICE, ...LAZY_NATIVE_MODULES] },
    jsc: { ...base.jsc, baseUrl: root, paths },
  };
}

/** Writes swcConfig(root) to `path` (for `swc --config-file`). */
export function writeSwcConfig(root, path) {
  writeFileSync(path, `${JSON.stringify(swcConfig(root), null, 2)}\n`);
}
