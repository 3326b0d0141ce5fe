// HTTP requests of the `isolation` part's hostile sender: none started after the window ends
// (`untilMs`, performance.now() time), those in flight then abandoned a second later (while the
// last ordinary calls of the window are still awaited), and the tally of what they got:
// `200 3, no answer 2`.
import { performance } from 'node:perf_hooks';

/** How long after the window a request (or gRPC call) of the sender may still be answered. */
export const ANSWER_GRACE_MS = 1000;

/** Milliseconds a request started now may wait for its answer. */
export const answerWithinMs = (untilMs: number) =>
  Math.max(1, Math.ceil(untilMs + ANSWER_GRACE_MS - performance.now()));

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

/** The status code as text; `no answer` when the grace after the window ended first; `error <code>` otherwise. */
/** POSTs YAML text as the console page does (the check refuses other content types with 415). */
export function postYaml(url: string, body: string, untilMs: number): Promise<string> {
  return request(url, { method: 'POST', body, headers: { 'content-type': 'application/yaml' } }, untilMs);
}

export function getText(url: string, untilMs: number): Promise<string> {
  return request(url, { method: 'GET' }, untilMs);
}

async function request(url: string, init: RequestInit, untilMs: number): Promise<string> {
  const signal = AbortSignal.timeout(answerWithinMs(untilMs));
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
