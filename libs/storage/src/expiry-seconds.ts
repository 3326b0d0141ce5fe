/**
 * Expiry of a counter key (docs/stores.md): the window plus a random jitter in [0, max-1] whole
 * seconds, so keys of one window do not all expire in the same second.
 * `random` returns a float in [0, 1) (Math.random-like, injected for tests).
 */
export function expirySeconds(windowSeconds: number, jitterMaxSeconds: number, random: () => number): number {
  return windowSeconds + (jitterMaxSeconds > 0 ? Math.floor(random() * jitterMaxSeconds) : 0);
}
