import type { CompiledTemplate } from './compiled-template';
import { compileTemplate } from './compile-template';

// Bounded: an app has a few hundred routes at most; when full the oldest entry goes. Very long
// urls (hostile input) are compiled every time rather than kept in memory.
const MAX_ENTRIES = 1000;
const MAX_CACHED_URL_LENGTH = 2048;
const cache = new Map<string, CompiledTemplate>();

/** The compiled form of a url template, parsed only on its first use. */
export function getCompiledTemplate(url: string): CompiledTemplate {
  let compiled = cache.get(url);
  if (compiled !== undefined) return compiled;
  compiled = compileTemplate(url);
  if (url.length <= MAX_CACHED_URL_LENGTH) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(url, compiled);
  }
  return compiled;
}

/** For tests: how many templates are cached. */
export function templateCacheSize(): number {
  return cache.size;
}
