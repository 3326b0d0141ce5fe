import { check } from './check';
import type { RequestHeaders } from './types';

/**
 * Rewrites `headers.accept` for `mediaType`: nothing for binary requests, then the
 * format, then (only when the expanded url ends in `/graphql`) the previews, which replace
 * the whole value: names found in the accept value first, then mediaType.previews.
 * Input the reference cannot use throws `mediaType must be an object` (null or undefined) or
 * `headers.accept must be a string` (missing or no string where a step reads it).
 */
export function applyMediaType(headers: RequestHeaders, mediaType: unknown, url: string): void {
  let accept = headers.accept as string;
  if (/application\/octet-stream/i.test(accept)) return;
  const { format, previews } = check(mediaType, 'mediaType', 'an object', mediaType != null) as {
    format?: string;
    previews?: string[];
  };
  // Comma part by comma part. Linear even on hostile input: the pattern can only start at an
  // `application/vnd`, and the `\w+` after one stops at the next `/`, so no character is
  // scanned from two starts. A string replacement: `$&`, `$1`, `$$` in the format act as in
  // the reference.
  if (format)
    headers.accept = accept = check(accept, 'headers.accept')
      .split(',')
      .map((part) =>
        part.replace(/application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/, `application/vnd$1$2.${format}`),
      )
      .join(',');
  // Preview names already in the value: in each maximal run of word characters and `-`, the
  // text before the run's last `-preview` (if not empty). The lookbehind lets a match start only
  // where a run starts, so each run is scanned once (linear, ReDoS-safe).
  if (url.endsWith('/graphql') && previews?.length)
    headers.accept = (
      check(accept, 'headers.accept').match(/(?<![-\w])[-\w]+(?=-preview)/g) || ([] as string[])
    )
      .concat(previews!)
      .map((name) => `application/vnd.github.${name}-preview${format ? '.' + format : '+json'}`)
      .join(',');
}
