// The store key of one matched descriptor (spec §2.6, A8): a fixed or sliding window's key ends
// with its window start (the store derives a sliding window's previous window from it); a token
// bucket has one key per descriptor, without a window (`..._tb`).
import type { DescriptorEntry, MatchedLimit } from '@repo/rules';
import { buildCacheKeyBase } from '@repo/storage';

const TOKEN_BUCKET_SUFFIX = 'tb';

export function buildCounterKey(
  prefix: string,
  domain: string,
  entries: readonly DescriptorEntry[],
  limit: MatchedLimit,
  nowSeconds: number,
): string {
  const base = buildCacheKeyBase(prefix, domain, entries, limit.sharedValuePatterns);
  const { algorithm, unitSeconds } = limit.rule;
  if (algorithm === 'token_bucket') return base + TOKEN_BUCKET_SUFFIX;
  return base + Math.floor(nowSeconds / unitSeconds) * unitSeconds;
}
