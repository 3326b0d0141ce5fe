// HTTP requests of the `isolation` part's hostile sender, each abandoned when the window ends
// (`untilMs`, performance.now() time), and the tally of what they got: `200 3, no answer 2`.
import { performance } from 'node:perf_hooks';

/** `concurrency` loops each running `work` again and again until `untilMs`; what each run returned, counted. */
export async function repeatUntil(
  untilMs: number,
  concurrency: number,
  work: () => Promise<string>,
): Promise<Record<string, number>> {
  const results: string[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < untilMs) results.push(await work());
    }),
  );
  return countBy(results);
}

/** The status code as text; `no answer` when the window ended first; `error <code>` otherwise. */
export function postText(url: string, body: string, untilMs: number): Promise<string> {
  return request(url, { method: 'POST', body, headers: { 'content-type': 'text/plain' } }, untilMs);
}

export function getText(url: string, untilMs: number): Promise<string> {
  return request(url, { method: 'GET' }, untilMs);
}

async function request(url: string, init: RequestInit, untilMs: number): Promise<string> {
  const signal = AbortSignal.timeout(Math.max(1, Math.ceil(untilMs - performance.now())));
  try {
    const response = await fetch(url, { ...init, signal });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    if (signal.aborted) return 'no answer';
    const cause = (error as { cause?: { code?: string } }).cause;
    return `error ${cause?.code ?? (error as Error).message}`;
  }
}

export function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** `200 3, no answer 2`; `none` when nothing was counted. */
export function show(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length === 0 ? 'none' : entries.map(([label, count]) => `${label} ${count}`).join(', ');
}
