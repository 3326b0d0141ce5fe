// Reconnect delays of the xDS client, reproducing github.com/jpillora/backoff as envoy's
// ratelimit configures it (Min = XDS_CLIENT_BACKOFF_INITIAL_INTERVAL, Max = ..._MAX_INTERVAL,
// Factor = ..._RANDOM_FACTOR, Jitter = ..._JITTER). Note the naming trap kept for
// compatibility: the "random factor" is the exponential *factor*, so with the default 0.5 every
// delay is initial * 0.5^n <= initial, clamped up to initial: each retry waits the initial
// interval (10 s). Jitter draws uniformly between initial and the exponential value.

export interface XdsBackoffOptions {
  /** XDS_CLIENT_BACKOFF_INITIAL_INTERVAL in ms (<= 0 means 100 ms, as in jpillora/backoff). */
  readonly initialMs: number;
  /** XDS_CLIENT_BACKOFF_MAX_INTERVAL in ms (<= 0 means 10 s). */
  readonly maxMs: number;
  /** XDS_CLIENT_BACKOFF_RANDOM_FACTOR: the growth factor per attempt (<= 0 means 2). */
  readonly randomFactor: number;
  /** XDS_CLIENT_BACKOFF_JITTER. */
  readonly jitter: boolean;
}

const DEFAULT_MIN_MS = 100;
const DEFAULT_MAX_MS = 10_000;
const DEFAULT_FACTOR = 2;

/** jpillora/backoff ForAttempt(attempt); `random` returns a number in [0, 1). */
export function backoffDelayMs(options: XdsBackoffOptions, attempt: number, random: () => number): number {
  const minMs = options.initialMs > 0 ? options.initialMs : DEFAULT_MIN_MS;
  const maxMs = options.maxMs > 0 ? options.maxMs : DEFAULT_MAX_MS;
  if (minMs >= maxMs) return maxMs;
  const factor = options.randomFactor > 0 ? options.randomFactor : DEFAULT_FACTOR;
  let delayMs = minMs * Math.pow(factor, attempt);
  if (options.jitter) delayMs = random() * (delayMs - minMs) + minMs;
  return Math.min(Math.max(delayMs, minMs), maxMs);
}

/** Attempt counter over backoffDelayMs (jpillora Backoff.Duration / Reset). */
export class XdsBackoff {
  private attempt = 0;

  constructor(
    private readonly options: XdsBackoffOptions,
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay before the next retry; each call counts one attempt. */
  nextDelayMs(): number {
    const delayMs = backoffDelayMs(this.options, this.attempt, this.random);
    this.attempt += 1;
    return delayMs;
  }

  /** Called once a stream delivered a response: the next failure starts from the initial delay. */
  reset(): void {
    this.attempt = 0;
  }
}
