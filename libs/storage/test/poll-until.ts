// Waits for what a real server does on its own time (an expiry) by polling, never a fixed sleep.
/** Polls `probe` every 50 ms until it is true; fails after `timeoutMs`. */
export async function pollUntil(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  description: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting until ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
