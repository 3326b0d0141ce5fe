// The figures of the `isolation` part: the p99 of the ordinary calls of one window, where a call
// that failed (an error, or no answer within its deadline) counts as slower than every answered
// one, so a service that stalls or fails its callers cannot look fast; the ratio of the p99 during
// a hostile input over the p99 without it in the same round; and the verdict over rounds.

/** The isolation goal: p99 during a hostile input at most this many times the p99 without it. */
export const ISOLATION_GOAL_RATIO = 1.5;

/** The ordinary calls of one window: latencies of those answered, and how many failed, by code. */
export interface WindowTally {
  readonly latenciesMs: number[];
  readonly failures: Record<string, number>;
}

/** The calls of several windows as one tally (the part pools the windows of one side of a row). */
export function poolTallies(tallies: readonly WindowTally[]): WindowTally {
  const pooled: WindowTally = { latenciesMs: [], failures: {} };
  for (const { latenciesMs, failures } of tallies) {
    for (const latency of latenciesMs) pooled.latenciesMs.push(latency);
    for (const [code, count] of Object.entries(failures))
      pooled.failures[code] = (pooled.failures[code] ?? 0) + count;
  }
  return pooled;
}

export const failureCount = (tally: WindowTally) =>
  Object.values(tally.failures).reduce((sum, count) => sum + count, 0);

/**
 * The 99th percentile over every call of the window (the same rank as the other parts:
 * index floor(0.99 n) of the sorted latencies), failed calls ranked last as Infinity; NaN
 * when the window had no call at all.
 */
export function p99WithFailures(latenciesMs: readonly number[], failures: number): number {
  const calls = latenciesMs.length + failures;
  if (calls === 0) return NaN;
  const rank = Math.floor(calls * 0.99);
  if (rank >= latenciesMs.length) return Infinity;
  return [...latenciesMs].sort((a, b) => a - b)[rank];
}

/** The p99 of one tally (p99WithFailures over its answered and failed calls). */
export const tallyP99 = (tally: WindowTally) => p99WithFailures(tally.latenciesMs, failureCount(tally));

/**
 * p99 during over p99 without; Infinity when the calls during failed beyond the p99; NaN when
 * the baseline itself has no finite p99 (the round cannot be judged).
 */
export function p99Ratio(duringMs: number, withoutMs: number): number {
  if (!Number.isFinite(withoutMs) || withoutMs <= 0) return NaN;
  if (Number.isNaN(duringMs)) return NaN;
  return duringMs / withoutMs;
}

export interface IsolationVerdict {
  /** p99 during over p99 without, each over the calls of every round's windows pooled. */
  readonly ratio: number;
  /** Failed ordinary calls during the input, summed over rounds. */
  readonly failedDuring: number;
  /** False when the input could not be applied in some round: nothing was measured against it. */
  readonly judged: boolean;
  readonly met: boolean;
}

/**
 * Met when the pooled ratio is within the goal and no ordinary call failed during the input in
 * any round (failing other callers is what the goal forbids, however few); never met when the
 * input itself failed in a round (`inputFailures`).
 */
export function isolationVerdict(
  ratio: number,
  failedDuring: readonly number[],
  inputFailures = 0,
): IsolationVerdict {
  const failed = failedDuring.reduce((sum, count) => sum + count, 0);
  const judged = inputFailures === 0;
  const met = judged && ratio <= ISOLATION_GOAL_RATIO && failed === 0;
  return { ratio, failedDuring: failed, judged, met };
}

export function showVerdict(verdict: IsolationVerdict): string {
  if (!verdict.judged) return 'not judged (the input failed)';
  return verdict.met ? 'met' : 'not met';
}

/** `1.23 ms`; a failed p99 as `failed` (more than 1 % of the calls failed). */
export function showP99(ms: number): string {
  if (Number.isNaN(ms)) return 'no calls';
  return Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : 'failed';
}

/** `1.23x`; `∞` when the calls during failed beyond the p99; `n/a` without a baseline. */
export function showRatio(ratio: number): string {
  if (Number.isNaN(ratio)) return 'n/a';
  return Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '∞';
}

/** `DEADLINE_EXCEEDED 12, UNAVAILABLE 3`, or `0`. */
export function showFailures(tally: WindowTally): string {
  const entries = Object.entries(tally.failures).filter(([, count]) => count > 0);
  if (entries.length === 0) return '0';
  return `${failureCount(tally)} (${entries.map(([code, count]) => `${code} ${count}`).join(', ')})`;
}

/** `7 % (2 of 29, 0 of 27)` over the rounds that probed; `-` when none did. */
export function showProbes(rounds: readonly ({ healthy: number; total: number } | undefined)[]): string {
  const probed = rounds.filter((tally) => tally !== undefined);
  if (probed.length === 0) return '-';
  const healthy = probed.reduce((sum, tally) => sum + tally.healthy, 0);
  const total = probed.reduce((sum, tally) => sum + tally.total, 0);
  const rate = total === 0 ? 'no probe' : `${Math.round((100 * healthy) / total)} %`;
  return `${rate} (${probed.map((tally) => `${tally.healthy} of ${tally.total}`).join(', ')})`;
}
