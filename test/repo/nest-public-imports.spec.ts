// Nest is imported only through its public entries. Every @nestjs package's exports map ends in a
// `./*` wildcard, so any compiled file resolves (`@nestjs/microservices/constants`,
// `.../enums/rpc-paramtype.enum`), but those files are the implementation: Nest renames and moves
// them between releases, and an upgrade then breaks the build or, worse, a metadata key read by
// hand silently stops matching. What a package names in its exports map besides the wildcard is an
// entry it means to keep; of those, `./internal` (@nestjs/common, @nestjs/core) is, by its name,
// the packages' shared internals, not an API. So: the root of every @nestjs package, plus the
// named entries in ALLOWED_SUBPATHS. Checked over every source of the repository (type-only
// imports too: a moved .d.ts breaks the build as surely).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';

const root = repoRoot();
/** Where the repository's code lives: the services and libraries, their tests, scripts, benchmarks, bin/. */
const SOURCE_FOLDERS = ['apps', 'libs', 'scripts', 'bench', 'bin', 'test'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Named in the package's exports map, apart from `./internal`; none is imported today. */
const ALLOWED_SUBPATHS: Readonly<Record<string, string>> = {
  '@nestjs/platform-fastify/multipart': "Fastify file uploads, the package's named `./multipart` entry",
};
/** Its samples below would count. */
const THIS_FILE = join('test', 'repo', 'nest-public-imports.spec.ts');

/** Every module specifier of an @nestjs package in `source`: static, type-only, re-export, dynamic, require. */
export function nestSpecifiers(source: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](@nestjs\/[^'"]+)['"]/gm,
    /^\s*import\s*['"](@nestjs\/[^'"]+)['"]/gm,
    /\b(?:import|require)\s*\(\s*['"](@nestjs\/[^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
}

export function isPublicNestEntry(specifier: string): boolean {
  return /^@nestjs\/[^/]+$/.test(specifier) || specifier in ALLOWED_SUBPATHS;
}

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') sourceFiles(path, found);
    else if (entry.isFile() && SOURCE_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

describe('imports of Nest', () => {
  it('use only the root of an @nestjs package or a named public entry', () => {
    const deep: string[] = [];
    for (const file of SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)))) {
      const name = relative(root, file);
      if (name === THIS_FILE) continue;
      for (const specifier of nestSpecifiers(readFileSync(file, 'utf8')))
        if (!isPublicNestEntry(specifier)) deep.push(`${name}: ${specifier}`);
    }
    assert.deepEqual(deep, []);
  });

  it('allows only subpaths the installed package still names in its exports map', () => {
    for (const specifier of Object.keys(ALLOWED_SUBPATHS)) {
      const [scope, name, ...rest] = specifier.split('/');
      const manifest = JSON.parse(
        readFileSync(join(root, 'node_modules', scope, name, 'package.json'), 'utf8'),
      ) as { exports?: Record<string, unknown> };
      assert.ok(Object.hasOwn(manifest.exports ?? {}, `./${rest.join('/')}`), specifier);
    }
  });

  it('finds every form of import, across lines, and nothing in strings or other packages', () => {
    const source = [
      "import { Module } from '@nestjs/common';",
      'import {',
      '  PATTERN_METADATA,',
      "} from '@nestjs/microservices/constants';",
      "import type { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum';",
      "export { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';",
      "import '@nestjs/core/internal';",
      "const lazy = await import('@nestjs/core/injector/injector');",
      "const old = require('@nestjs/common/utils/shared.utils');",
      'const text = "import { x } from \'@nestjs/common/decorators\';";',
      "import { Test } from '@nestjs/testing';",
      "import { fastify } from 'fastify';",
    ].join('\n');
    const found = nestSpecifiers(source);
    assert.deepEqual(found.filter(isPublicNestEntry).sort(), ['@nestjs/common', '@nestjs/testing']);
    assert.deepEqual(found.filter((specifier) => !isPublicNestEntry(specifier)).sort(), [
      '@nestjs/common/constants',
      '@nestjs/common/utils/shared.utils',
      '@nestjs/core/injector/injector',
      '@nestjs/core/internal',
      '@nestjs/microservices/constants',
      '@nestjs/microservices/enums/rpc-paramtype.enum',
    ]);
    assert.equal(isPublicNestEntry('@nestjs/platform-fastify/multipart'), true);
  });
});
