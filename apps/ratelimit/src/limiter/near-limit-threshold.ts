/**
 * N = floor(float32(L) × float32(NEAR_LIMIT_RATIO))
 * (docs/decisions.md#the-status-of-one-descriptor). The reference multiplies in float32, so both
 * operands and the product are rounded to float32 before flooring; a float64 product differs at
 * edges (L=90, ratio 0.7: float64 62.99999999999999 -> 62, float32 63; L=5242881, ratio 0.8:
 * float64 4194304.8 -> 4194304, float32 4194305).
 */
export function nearLimitThreshold(requestsPerUnit: number, nearLimitRatio: number): number {
  return Math.floor(Math.fround(Math.fround(requestsPerUnit) * Math.fround(nearLimitRatio)));
}
