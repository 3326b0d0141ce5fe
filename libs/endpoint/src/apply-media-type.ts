import { fail, requireString } from './fail';
import { findPreviewNames } from './find-preview-names';
import type { RequestHeaders } from './types';

/**
 * Rewrites `headers.accept` for `mediaType`: nothing for binary requests, then the
 * format, then (only when the expanded url ends in `/graphql`) the previews, which replace
 * the whole value: names found in the accept value first, then mediaType.previews.
 */
export function applyMediaType(headers: RequestHeaders, mediaType: unknown, url: string): void {
  if (/application\/octet-stream/i.test(headers.accept as string)) return;
  const { format, previews } = (mediaType ?? fail('mediaType must be an object', mediaType)) as {
    format?: unknown;
    previews?: { length?: unknown };
  };
  // Comma part by comma part. Linear even on hostile input: the pattern can only start at an
  // `application/vnd`, and the `\w+` after one stops at the next `/`, so no character is
  // scanned from two starts. A string replacement: `$&`, `$1`, `$$` in the format act as in
  // the reference.
  if (format) {
    headers.accept = requireString(headers.accept, 'headers.accept')
      .split(',')
      .map((part) =>
        part.replace(
          /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/,
          `application/vnd$1$2.${format as string}`,
        ),
      )
      .join(',');
  }
  if (url.endsWith('/graphql') && previews?.length) {
    headers.accept = findPreviewNames(requireString(headers.accept, 'headers.accept'))
      .concat(previews as string[])
      .map((name) => `application/vnd.github.${name}-preview${format ? `.${format as string}` : '+json'}`)
      .join(',');
  }
}
