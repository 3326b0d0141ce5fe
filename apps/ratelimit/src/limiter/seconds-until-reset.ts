/**
 * duration_until_reset (spec §2.9, §1.5): the rest of the current fixed window, from whole Unix
 * seconds, so it is 1..unitSeconds and never 0.
 */
export function secondsUntilReset(unitSeconds: number, nowSeconds: number): number {
  return unitSeconds - (nowSeconds % unitSeconds);
}
