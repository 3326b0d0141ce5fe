/**
 * One GCRA step (docs/algorithms.md#token_bucket, the algorithm of redis-cell and
 * go-redis/redis_rate): the hits arrive `hits x T` after max(TAT, now); they fit when that new TAT
 * is at most `tolerance` (T x burst) ahead of now. 0 hits only read. The Redis stores run the same
 * arithmetic in Lua (token-bucket-script.ts) on the same IEEE doubles, so every backend decides
 * alike.
 */
export function takeTokens(
  tatBeforeMs: number,
  hits: number,
  nowMs: number,
  emissionIntervalMs: number,
  toleranceMs: number,
): { isAllowed: boolean; newTatMs: number } {
  const newTatMs = Math.max(tatBeforeMs, nowMs) + hits * emissionIntervalMs;
  return { isAllowed: newTatMs - toleranceMs <= nowMs, newTatMs };
}
