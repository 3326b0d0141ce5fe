/**
 * One GCRA step (docs/algorithms.md#token_bucket, the algorithm of redis-cell and
 * go-redis/redis_rate): the hits arrive `hits x T` after max(TAT, now); they fit when that new TAT
 * is at most `tolerance` (T x burst) ahead of now. 0 hits only read. The one TypeScript copy: the
 * memory store takes with it and the app derives the TAT after a take from it. Redis runs the same
 * arithmetic in Lua (token-bucket-script.ts) on the same IEEE doubles;
 * test/token-bucket-twins.int-spec.ts runs both on the same takes and expects the same results.
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
