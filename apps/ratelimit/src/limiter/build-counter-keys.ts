// The store keys of one matched descriptor (spec §2.6, A8): a fixed window's key ends with its
// window start; a sliding window adds the previous window's key; a token bucket has one key per
// descriptor, without a window (`..._tb`).
import type { DescriptorEntry, MatchedLimit } from '@repo/rules';
import { buildCacheKeyBase } from '@repo/storage';

export interface CounterKeys {
  readonly key: string;
  readonly previousKey: string | undefined;
}

const TOKEN_BUCKET_SUFFIX = 'tb';

export function buildCounterKeys(
  prefix: string,
  domain: string,
  entries: readonly DescriptorEntry[],
  limit: MatchedLimit,
  nowSeconds: number,
): CounterKeys {
  const base = buildCacheKeyBase(prefix, domain, entries, limit.sharedValuePatterns);
  const { algorithm, unitSeconds } = limit.rule;
  if (algorithm === 'token_bucket') return { key: base + TOKEN_BUCKET_SUFFIX, previousKey: undefined };
  const windowStart = Math.floor(nowSeconds / unitSeconds) * unitSeconds;
  const previousKey = algorithm === 'sliding_window' ? base + (windowStart - unitSeconds) : undefined;
  return { key: base + windowStart, previousKey };
}
