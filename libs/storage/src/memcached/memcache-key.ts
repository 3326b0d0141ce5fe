import { DIGEST_KEY_PREFIX, digestKey } from '../digest-key';

/** memcached's limit on key length, in bytes (KEY_MAX_LENGTH). */
export const MAX_MEMCACHE_KEY_BYTES = 250;

const FIRST_PRINTABLE = 0x21; // '!': space (0x20) and the control characters below it are out
const LAST_PRINTABLE = 0x7e; // '~': DEL (0x7f) and every non-ASCII code unit are out

/**
 * The key sent to memcached for a counter key. memcached's text protocol allows at most 250 bytes
 * and no whitespace or control characters in a key (protocol.txt); a descriptor value can break
 * both (a long path, a JWT subject, a space). Such keys, and keys with non-ASCII characters (memcached
 * 1.6 stores UTF-8 bytes, but proxies and other servers of the protocol need not), are sent as
 * `#sha256:` + the base64url SHA-256 of the whole key in UTF-8 (digestKey): 51 bytes, the same on every node and
 * after every restart, so the limit still applies; a collision needs a SHA-256 collision. Every
 * other key is sent as it is, readable for operators (`stats cachedump`, memcached logs).
 */
export function toMemcacheKey(key: string): string {
  return isReadableMemcacheKey(key) ? key : digestKey(key);
}

/** 1..250 printable ASCII characters (so bytes = characters), not in the digest form's space. */
function isReadableMemcacheKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_MEMCACHE_KEY_BYTES) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE) return false;
  }
  return !key.startsWith(DIGEST_KEY_PREFIX);
}
