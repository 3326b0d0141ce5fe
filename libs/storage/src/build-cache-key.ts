/** One request entry, as the caller received it (key and runtime value). */
export interface CacheKeyEntry {
  readonly key: string;
  readonly value: string;
}

/**
 * The counter key of one descriptor (docs/stores.md, envoy limiter/cache_key.go):
 * `<prefix><domain>_<key1>_<value1>_..._<keyN>_<valueN>_<windowStart>`.
 * - the request's entries are used (an empty value gives `key__`);
 * - `sharedValuePatterns[i]` (share_threshold) replaces the value of entry i by the pattern text;
 * - windowStart = floor(nowSeconds / unitSeconds) * unitSeconds.
 * The limit value is deliberately not part of the key (a config limit and an override share a
 * counter, as in the reference). Plain `+=` concatenation: V8 builds it as a rope and flattens
 * once, which is cheaper than an array join or a pooled buffer on this hot path.
 */
export function buildCacheKey(
  prefix: string,
  domain: string,
  entries: readonly CacheKeyEntry[],
  sharedValuePatterns: readonly (string | undefined)[] | undefined,
  unitSeconds: number,
  nowSeconds: number,
): string {
  const base = buildCacheKeyBase(prefix, domain, entries, sharedValuePatterns);
  return base + Math.floor(nowSeconds / unitSeconds) * unitSeconds;
}

/**
 * The key without its window start: `<prefix><domain>_<key1>_<value1>_..._`. A sliding window
 * appends two window starts to it, a token bucket appends `tb` (docs/algorithms.md#how-they-are-stored).
 */
export function buildCacheKeyBase(
  prefix: string,
  domain: string,
  entries: readonly CacheKeyEntry[],
  sharedValuePatterns: readonly (string | undefined)[] | undefined,
): string {
  let key = prefix + domain + '_';
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const pattern = sharedValuePatterns === undefined ? undefined : sharedValuePatterns[i];
    key += entry.key + '_' + (pattern ? pattern : entry.value) + '_';
  }
  return key;
}

/**
 * The key of the window before `key`'s (a sliding window's previous window): `key` ends
 * with `_<window start>`; the start moves one window back. The Redis batch script does the same.
 */
export function previousWindowKey(key: string, windowSeconds: number): string {
  const at = key.lastIndexOf('_') + 1;
  return key.slice(0, at) + (Number(key.slice(at)) - windowSeconds);
}
