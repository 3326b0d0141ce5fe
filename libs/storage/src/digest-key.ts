import { createHash } from 'node:crypto';

/**
 * Marks a digest key. Keys kept as they are never start with it (such keys are digested too), so a
 * descriptor value cannot be chosen to collide with another key's digest form.
 */
export const DIGEST_KEY_PREFIX = '#sha256:';

/**
 * `#sha256:` + the base64url SHA-256 of the whole key in UTF-8: 51 ASCII characters whatever the
 * key's length, the same in every process and after every restart, so the limit still applies to
 * it; two keys share a digest only by a SHA-256 collision.
 */
export function digestKey(key: string): string {
  return DIGEST_KEY_PREFIX + createHash('sha256').update(key, 'utf8').digest('base64url');
}

/**
 * A key of at most `maxLength` characters as it is; a longer key, or one already in the digest
 * form's space, as its digest. A store that keeps keys in memory thereby holds at most
 * `max(maxLength, 51)` characters per key whatever the descriptor values were.
 */
export function boundKeyLength(key: string, maxLength: number): string {
  return key.length <= maxLength && !key.startsWith(DIGEST_KEY_PREFIX) ? key : digestKey(key);
}
