import { applyFormat } from './apply-format';
import { asString } from './as-string';
import { findPreviewNames } from './find-preview-names';
import type { RequestHeaders } from './types';

const OCTET_STREAM = /application\/octet-stream/i;

/**
 * Rewrites `headers.accept` for `mediaType`: nothing for binary requests, then the
 * format, then (only when the expanded url ends in `/graphql`) the previews, which replace
 * the whole value: names found in the accept value first, then mediaType.previews.
 */
export function applyMediaType(headers: RequestHeaders, mediaType: unknown, url: string): void {
  if (OCTET_STREAM.test(headers.accept as string)) return;
  if (mediaType === undefined || mediaType === null) {
    throw new TypeError(`mediaType must be an object, got ${String(mediaType)}`);
  }
  const { format, previews } = mediaType as { format?: unknown; previews?: unknown };
  if (format) headers.accept = applyFormat(headers.accept, format);
  if (url.endsWith('/graphql') && (previews as { length?: unknown } | null)?.length) {
    headers.accept = previewAccept(headers.accept, previews, format);
  }
}

function previewAccept(acceptValue: unknown, previews: unknown, format: unknown): string {
  const accept = asString(acceptValue);
  if (accept === undefined) {
    throw new TypeError(`headers.accept must be a string for GraphQL previews, got ${typeof acceptValue}`);
  }
  const suffix = format ? `.${format as string}` : '+json';
  return findPreviewNames(accept)
    .concat(previews as string[])
    .map((name) => `application/vnd.github.${name}-preview${suffix}`)
    .join(',');
}
