/**
 * A cache key the backend cannot store (memcache: longer than 250 bytes, or containing
 * whitespace or control characters). The message names the key and the reason.
 */
export class InvalidCounterKeyError extends Error {
  override readonly name = 'InvalidCounterKeyError';
  readonly key: string;

  constructor(key: string, reason: string) {
    super(`invalid counter key ${JSON.stringify(key)}: ${reason}`);
    this.key = key;
  }
}
