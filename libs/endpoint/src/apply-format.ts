// `mediaType.format` rewrite of the accept header. Only the last
// `application/vnd` of a comma part can match (what follows may not contain `/`), so the
// sticky pattern is tried there alone: linear even on hostile input. Results are cached.
const VND = 'application/vnd';
const VND_MEDIA_TYPE = /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/y;
const MAX_CACHED = 200;
const cache = new Map<string, string>();

import { asString } from './as-string';

export function applyFormat(acceptValue: unknown, format: unknown): string {
  const accept = asString(acceptValue);
  if (accept === undefined) {
    throw new TypeError(
      `headers.accept must be a string when mediaType.format is set, got ${typeof acceptValue}`,
    );
  }
  // A string replacement, so `$&`, `$1`, `$$` in the format act as in the reference.
  const replacement = `application/vnd$1$2.${format as string}`;
  const key = `${replacement.length}:${replacement}${accept}`; // length prefix: no ambiguity
  let formatted = cache.get(key);
  if (formatted === undefined) {
    formatted = accept
      .split(',')
      .map((part) => formatPart(part, replacement))
      .join(',');
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, formatted);
  }
  return formatted;
}

function formatPart(part: string, replacement: string): string {
  const start = part.lastIndexOf(VND);
  if (start === -1) return part;
  VND_MEDIA_TYPE.lastIndex = start;
  return part.replace(VND_MEDIA_TYPE, replacement);
}
