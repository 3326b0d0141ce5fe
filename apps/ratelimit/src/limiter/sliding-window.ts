// Sliding window arithmetic (docs/algorithms.md#sliding_window: the two-window estimate of
// Cloudflare and nginx). Pure: counts and times in, numbers out. W = the window in ms, elapsed = ms
// since it started.

export interface SlidingWindowState {
  /** The current window's count, this request's hits included. */
  readonly current: number;
  /** The previous window's count. */
  readonly previous: number;
  readonly windowMs: number;
  readonly elapsedMs: number;
}

/** estimate = floor(previous x (W - elapsed) / W) + current. */
export function slidingEstimate(state: SlidingWindowState): number {
  const { current, previous, windowMs, elapsedMs } = state;
  return Math.floor((previous * (windowMs - elapsedMs)) / windowMs) + current;
}

/**
 * Milliseconds from now until a request of `hits` more hits would be allowed (estimate <= limit)
 * if no other hits came: the previous window weighs less as time passes; once the window ends,
 * today's count becomes the previous one. At most the end of the next window (2W - elapsed):
 * by then both windows are gone, so a request that still does not fit never will.
 */
export function slidingRetryMs(state: SlidingWindowState, limit: number, hits: number): number {
  const { current, previous, windowMs: w, elapsedMs } = state;
  const untilNextWindow = w - elapsedMs;
  const inThisWindow = earliestElapsed(previous, limit - current - hits, w);
  if (inThisWindow !== undefined && inThisWindow < w) return Math.max(0, inThisWindow - elapsedMs);
  const inNextWindow = earliestElapsed(current, limit - hits, w);
  if (inNextWindow === undefined) return untilNextWindow + w;
  return Math.min(untilNextWindow + inNextWindow, untilNextWindow + w);
}

/**
 * The smallest elapsed time e (ms, 0..W) at which floor(weighted x (W - e) / W) <= room, or
 * undefined when room < 0 (nothing fits whatever the weight). In integers:
 * weighted x (W - e) < (room + 1) x W  <=>  e >= W - floor(((room + 1) x W - 1) / weighted).
 */
function earliestElapsed(weighted: number, room: number, windowMs: number): number | undefined {
  if (room < 0) return undefined;
  if (weighted === 0) return 0;
  return Math.max(0, windowMs - Math.floor(((room + 1) * windowMs - 1) / weighted));
}
