import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface StaticFile {
  readonly content: Buffer;
  readonly contentType: string;
  /** The content gzipped, for text files worth it (the route catalogue: 600 kB -> 90 kB). */
  readonly gzipped?: Buffer;
}

/** File name (no folders) -> contents; the page is a handful of small files. */
export type StaticFiles = ReadonlyMap<string, StaticFile>;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

const COMPRESSED_TYPES = new Set(['.html', '.js', '.css', '.map', '.json', '.svg']);
/** Smaller files gain too little from compression to be worth a second copy. */
const MIN_COMPRESSED_BYTES = 1024;

function gzippedCopy(name: string, content: Buffer): Buffer | undefined {
  if (!COMPRESSED_TYPES.has(extname(name)) || content.length < MIN_COMPRESSED_BYTES) return undefined;
  return gzipSync(content, { level: 9 });
}

/**
 * Reads the page's files once at startup, and gzips the text files once too. Serving them from memory needs no extra dependency
 * (@fastify/static) and no path handling per request, so no request can reach outside the
 * folder. Fails at startup when the folder is not built.
 */
export function loadStaticFiles(publicDir: string): StaticFiles {
  const files = new Map<string, StaticFile>();
  const names = readdirSync(publicDir).filter((name) => statSync(join(publicDir, name)).isFile());
  for (const name of names) {
    const contentType = CONTENT_TYPES[extname(name)] ?? 'application/octet-stream';
    const content = readFileSync(join(publicDir, name));
    const gzipped = gzippedCopy(name, content);
    files.set(name, { content, contentType, ...(gzipped ? { gzipped } : {}) });
  }
  if (!files.has('index.html')) {
    throw new Error(`${publicDir} has no index.html: build the playground first (npm run build)`);
  }
  return files;
}
