import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';

export interface StaticFile {
  readonly content: Buffer;
  readonly contentType: string;
}

/** File name (no folders) -> contents; the page is a handful of small files. */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Reads the page's files once at startup. Serving them from memory needs no extra dependency
 * (@fastify/static) and no path handling per request, so no request can reach outside the
 * folder. Fails at startup when the folder is not built.
 */
export function loadStaticFiles(publicDir: string): StaticFiles {
  const files = new Map<string, StaticFile>();
  const names = readdirSync(publicDir).filter((name) => statSync(join(publicDir, name)).isFile());
  for (const name of names) {
    const contentType = CONTENT_TYPES[extname(name)] ?? 'application/octet-stream';
    files.set(name, { content: readFileSync(join(publicDir, name)), contentType });
  }
  if (!files.has('index.html')) {
    throw new Error(`${publicDir} has no index.html: build the playground first (npm run build)`);
  }
  return files;
}
