// The console page's files (index.html, console.js, console.css), built into
// <dist>/apps/ratelimit/bundle/console/ so the production bundle and the image carry them
// (scripts/build-console.mjs). Found by walking up from this file (compiled tree or bundle), read
// on the first request for the page and kept: no start-up cost when nobody opens it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

export interface ConsoleFile {
  readonly content: Buffer;
  readonly contentType: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function findConsoleDirectory(start: string): string | undefined {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    for (const candidate of [join(dir, 'console'), join(dir, 'bundle', 'console')])
      if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

let cached: ReadonlyMap<string, ConsoleFile> | undefined;

/** File name -> contents; empty when the page was not built (the debug listener then says so). */
export function consoleFiles(): ReadonlyMap<string, ConsoleFile> {
  if (cached !== undefined) return cached;
  const directory = findConsoleDirectory(__dirname);
  const files = new Map<string, ConsoleFile>();
  for (const name of directory === undefined ? [] : readdirSync(directory)) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (contentType !== undefined)
      files.set(name, { content: readFileSync(join(directory!, name)), contentType });
  }
  return (cached = files);
}
