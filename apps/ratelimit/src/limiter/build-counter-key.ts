// The store key of one matched descriptor (docs/stores.md, docs/algorithms.md#how-they-are-stored):
// a fixed or sliding window's key ends with its window start (the store derives a sliding window's
// previous window from it); a token bucket has one key per descriptor, without a window (`..._tb`).
// An item of a `rate_limits` list puts its label before that ending (`..._<label>_<window start>`,
// `..._<label>_tb`), so every item has its own counter even when two share a window:
// docs/stores.md#keys-of-several-limits.
import type { DescriptorEntry, MatchedLimit, RateLimitRule } from '@repo/rules';
import { buildCacheKeyBase } from '@repo/storage';

const TOKEN_BUCKET_SUFFIX = 'tb';

/** `<prefix><domain>_<key1>_<value1>_..._`: the part every limit of the descriptor shares. */
export function buildCounterKeyBase(
  prefix: string,
  domain: string,
  entries: readonly DescriptorEntry[],
  limit: MatchedLimit,
): string {
  return buildCacheKeyBase(prefix, domain, entries, limit.sharedValuePatterns);
}

/** The key of `rule` (the descriptor's rule, or one item of its list) from the shared base. */
export function buildCounterKey(base: string, rule: RateLimitRule, nowSeconds: number): string {
  const { algorithm, unitSeconds, itemLabel } = rule;
  const start = itemLabel === undefined ? base : base + itemLabel + '_';
  if (algorithm === 'token_bucket') return start + TOKEN_BUCKET_SUFFIX;
  return start + Math.floor(nowSeconds / unitSeconds) * unitSeconds;
}
