import type { CompiledTemplate } from './compiled-template';
import { compileTemplate } from './compile-template';

// Bounded: an app has a few hundred routes at most; when full it starts again empty. Very long
// urls (hostile input) are compiled every time rather than kept in memory.
const cache = new Map<string, CompiledTemplate>();

/** The compiled form of a url template, parsed only on its first use. */
export function getCompiledTemplate(url: string): CompiledTemplate {
  let compiled = cache.get(url);
  if (!compiled) {
    compiled = compileTemplate(url);
    if (url.length <= 2048) {
      if (cache.size >= 1000) cache.clear();
      cache.set(url, compiled);
    }
  }
  return compiled;
}

/** For tests: how many templates are cached. */
export function templateCacheSize(): number {
  return cache.size;
}
