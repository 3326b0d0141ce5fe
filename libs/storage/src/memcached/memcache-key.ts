import { InvalidCounterKeyError } from '../invalid-counter-key-error';

/** memcached's limit on key length, in bytes. */
export const MAX_MEMCACHE_KEY_BYTES = 250;

/**
 * Throws InvalidCounterKeyError for a key memcached cannot store: longer than 250 bytes, or
 * containing whitespace or control characters (the text protocol separates by spaces).
 */
export function assertValidMemcacheKey(key: string): void {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes > MAX_MEMCACHE_KEY_BYTES) {
    throw new InvalidCounterKeyError(
      key,
      `memcache keys are at most ${MAX_MEMCACHE_KEY_BYTES} bytes, this one has ${bytes}`,
    );
  }
  if (key === '') throw new InvalidCounterKeyError(key, 'memcache keys must not be empty');
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(key)) {
    throw new InvalidCounterKeyError(key, 'memcache keys must not contain whitespace or control characters');
  }
}
