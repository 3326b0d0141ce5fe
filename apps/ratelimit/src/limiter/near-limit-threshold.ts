/**
 * N = floor(float32(L) × float32(NEAR_LIMIT_RATIO)) (spec §2.9). The reference multiplies in
 * float32, so both operands and the product are rounded to float32 before flooring; a float64
 * product differs at edges (e.g. L=10, ratio 0.8: float64 gives 8.000000000000002, float32 8).
 */
export function nearLimitThreshold(requestsPerUnit: number, nearLimitRatio: number): number {
  return Math.floor(Math.fround(Math.fround(requestsPerUnit) * Math.fround(nearLimitRatio)));
}
