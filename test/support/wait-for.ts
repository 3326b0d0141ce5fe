export interface WaitForOptions {
  readonly timeoutMs: number;
  readonly intervalMs?: number;
  /** What we wait for; part of the timeout error. */
  readonly description: string;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns a truthy value (which is returned) or the deadline passes.
 * A probe that throws counts as "not yet"; the last error is attached to the timeout error.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  options: WaitForOptions,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.description}`, {
        cause: lastError,
      });
    }
    await delay(options.intervalMs ?? 50);
  }
}
