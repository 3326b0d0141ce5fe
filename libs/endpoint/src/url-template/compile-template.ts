import type { CompiledTemplate, TemplatePart } from './compiled-template';
import { encodeReserved } from './encode';
import { compileExpression } from './compile-expression';

/** Merged-option keys that are never URL, query or body parameters. */
export const NON_PARAMETER_KEYS = ['method', 'baseUrl', 'url', 'headers', 'request', 'mediaType'];

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

/**
 * Parses a url into literal text and `{expression}` groups: `:name` placeholders (a colon, a
 * lowercase ASCII letter and at least one more word character) first become `{name}`; a group
 * is `{` + at least one character that is not a brace + `}`; any other brace is copied through
 * unchanged; literal runs are encoded here once. Both patterns are linear (no nested repeats).
 * A literal that encodeURI rejects (lone surrogate) throws only when expanded, after whatever
 * an expression before it throws, as in the reference.
 */
export function compileTemplate(url: string): CompiledTemplate {
  const parts: TemplatePart[] = [];
  const omitted = new Set(NON_PARAMETER_KEYS);
  for (const [brace, body, literal] of url
    .replace(/:([a-z]\w+)/g, '{$1}')
    .matchAll(/\{([^{}]+)\}|([^{}]+)|./g)) {
    // `.` is left only for a brace that starts no expression: copied through.
    if (body) {
      parts.push(compileExpression(body));
      for (const name of usedNames(body)) omitted.add(name);
    } else if (literal) {
      try {
        parts.push(encodeReserved(literal));
      } catch {
        parts.push(() => encodeReserved(literal));
      }
    } else parts.push(brace);
  }
  return { parts, omitted };
}

/**
 * Which parameter names an expression "uses": the reference trims non-word characters from
 * both ends of the whole `{...}` group and splits the rest on commas, so modifiers survive on
 * every variable but the last (`{a:3,b}` uses `a:3` and `b`). From the first word character to
 * the last: `\w\W*$` tries each word character once and scans only the non-word run after it
 * (linear; a naive /\W+$/ would be quadratic, ReDoS).
 */
export function usedNames(body: string): string[] {
  return body.slice(body.search(/\w/), body.search(/\w\W*$/) + 1).split(',');
}
