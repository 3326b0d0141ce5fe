/** The repeating timer the engine flushes by; injected so tests drive it with a fake clock. */
export interface IntervalTimer {
  /** `run` may return a promise (a flush), which a fake timer awaits; it never rejects. */
  setInterval(run: () => unknown, intervalMs: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * Node's timers. The handle is unref'd: a pending flush never keeps a process alive (close()
 * flushes on SIGTERM).
 */
export const SYSTEM_INTERVAL_TIMER: IntervalTimer = {
  setInterval(run, intervalMs) {
    const handle = setInterval(run, intervalMs);
    handle.unref();
    return handle;
  },
  clearInterval(handle) {
    clearInterval(handle as NodeJS.Timeout);
  },
};
