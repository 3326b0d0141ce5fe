/**
 * duration_until_reset (docs/decisions.md#the-status-of-one-descriptor): the rest of the current
 * fixed window, from whole Unix seconds, so it is 1..unitSeconds and never 0.
 */
export function secondsUntilReset(unitSeconds: number, nowSeconds: number): number {
  return unitSeconds - (nowSeconds % unitSeconds);
}
