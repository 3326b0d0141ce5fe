// package.json lists each package where it is used: `dependencies` are what the running service and
// playground load (the production install, `npm ci --omit=dev`, carries nothing else), and
// `devDependencies` what only tests, the build and benchmarks need. Checked from the sources, so
// an unused package or a runtime import of a dev-only package fails here instead of in production.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';

const root = repoRoot();
/** Folders whose non-test files run in production (the browser page is bundled at build time). */
const RUNTIME_FOLDERS = ['apps/ratelimit/src', 'apps/endpoint-playground/src', 'libs', 'bin'];
/** Tests, and the load helpers (load/) that only tests and benchmarks use. */
const TEST_FILE = /\.(spec|int-spec|e2e-spec|browser-spec|faults-spec)\.ts$|\/(test|load)\//;

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (/\.(ts|js|mjs|cjs)$/.test(name) && !TEST_FILE.test(relative(root, path))) found.push(path);
  }
  return found;
}

/** Package names a file loads at run time (type-only imports are erased by the compiler). */
export function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+['"]([^'"]+)['"]/gm,
    /\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers
    .filter((specifier) => !/^(\.|node:|@repo\/)/.test(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

function importersByPackage(): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const folder of RUNTIME_FOLDERS) {
    for (const file of sourceFiles(join(root, folder))) {
      for (const name of runtimeImports(readFileSync(file, 'utf8'))) {
        importers.set(name, [...(importers.get(name) ?? []), relative(root, file)]);
      }
    }
  }
  return importers;
}

/** Required (non-optional) peers of the loaded packages: npm does not install them for us in production. */
function requiredPeers(loaded: Iterable<string>): Set<string> {
  const peers = new Set<string>();
  for (const name of loaded) {
    const manifest = readManifest(join(root, 'node_modules', name));
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      if (!manifest.peerDependenciesMeta?.[peer]?.optional) peers.add(peer);
    }
  }
  return peers;
}

describe('package.json dependencies', () => {
  const manifest = readManifest(root);
  const production = Object.keys(manifest.dependencies ?? {});
  const importers = importersByPackage();

  it('lists every package the running code imports under dependencies', () => {
    const missing = [...importers.keys()].filter((name) => !production.includes(name));
    assert.deepEqual(
      missing.map((name) => `${name} (imported by ${importers.get(name)?.[0]})`),
      [],
    );
  });

  it('lists under dependencies only what the running code imports, or a required peer of it', () => {
    const peers = requiredPeers(production.filter((name) => importers.has(name)));
    const unused = production.filter((name) => !importers.has(name) && !peers.has(name));
    assert.deepEqual(unused, []);
  });

  it('lists no package in both groups', () => {
    const dev = Object.keys(manifest.devDependencies ?? {});
    assert.deepEqual(
      production.filter((name) => dev.includes(name)),
      [],
    );
  });

  it('reads imports the way the compiler emits them', () => {
    const source = [
      "import 'reflect-metadata';",
      "import { pino } from 'pino';",
      "import type { FastifyReply } from 'fastify';",
      "export { x } from '@nestjs/common/decorators';",
      "export type { Y } from 'zod';",
      "const m = await import('prom-client');",
      "import { a } from './local';",
      "import { b } from 'node:fs';",
    ].join('\n');
    assert.deepEqual(runtimeImports(source).sort(), [
      '@nestjs/common',
      'pino',
      'prom-client',
      'reflect-metadata',
    ]);
  });
});
