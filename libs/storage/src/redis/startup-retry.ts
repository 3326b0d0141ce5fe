import type { StartupRetryOptions } from '../counter-store-options';
import { StoreUnavailableError } from '../store-unavailable-error';

export interface StartupRetryDependencies {
  readonly probe: () => Promise<void>;
  readonly now: () => number;
  readonly random: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Stops retrying (the store was closed). */
  readonly isCancelled: () => boolean;
}

/**
 * Runs `probe` (PING on every store) until it succeeds: exponential backoff x2 from the initial
 * interval up to the max interval, each wait jittered by up to +-50%, as the reference's
 * cenkalti/backoff; gives up with StoreUnavailableError once maxElapsedMs (> 0) has passed.
 */
export async function retryUntilReady(
  options: StartupRetryOptions,
  deps: StartupRetryDependencies,
): Promise<void> {
  const startedAt = deps.now();
  let interval = options.initialIntervalMs;
  for (;;) {
    try {
      await deps.probe();
      return;
    } catch (error) {
      if (deps.isCancelled())
        throw new StoreUnavailableError('redis', 'closed before start-up finished', { cause: error });
      const elapsed = deps.now() - startedAt;
      if (options.maxElapsedMs > 0 && elapsed >= options.maxElapsedMs) {
        const reason = `no answer to PING within ${options.maxElapsedMs} ms of start-up: ${(error as Error).message}`;
        throw new StoreUnavailableError('redis', reason, { cause: error });
      }
      const jittered = interval * (0.5 + deps.random());
      const wait = options.maxElapsedMs > 0 ? Math.min(jittered, options.maxElapsedMs - elapsed) : jittered;
      await deps.sleep(Math.max(wait, 0));
      interval = Math.min(interval * 2, options.maxIntervalMs);
    }
  }
}
