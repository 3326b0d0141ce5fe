// Statsd socket errors (collector down, connection refused) repeat at every flush; the reference
// logs dropped bytes every 32 KiB. Here: the first error at once, then at most one line a minute
// with the number of errors in between.
import type { Logger } from 'pino';

const INTERVAL_MS = 60_000;

export function throttledWarning(logger: Logger, what: string, nowMs: () => number = Date.now) {
  let lastLoggedMs = -Infinity;
  let suppressed = 0;
  return (error: Error): void => {
    const now = nowMs();
    if (now - lastLoggedMs < INTERVAL_MS) {
      suppressed++;
      return;
    }
    const more = suppressed > 0 ? ` (${suppressed} more errors since the last report)` : '';
    logger.warn(`${what}: ${error.message}${more}`);
    lastLoggedMs = now;
    suppressed = 0;
  };
}
