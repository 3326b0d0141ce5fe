// A warning that repeats for as long as its cause lasts (statsd socket errors at every flush,
// connections refused past HTTP_MAX_CONNECTIONS), kept readable: the first error at once, then at
// most one line a minute with the number of errors in between. (The reference logs dropped statsd
// bytes every 32 KiB.)
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
