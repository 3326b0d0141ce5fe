// "Check a rules change": pasted YAML goes through the same parser and compiler as a rules file
// (every error, with line and column, as the config checker reports them), and the limits it
// would add, remove or change against the rules in force. Nothing is applied. The paste stands
// for the file(s) of the domains it names: limits of other domains are not compared. The paste
// is parsed and compiled in a worker process, as rule files are (docs/console.md#json-api), so a
// large or hostile paste does not hold up the calls.
import {
  checkRulesInWorker,
  limitTexts,
  type CheckedRules,
  type CompileOptions,
  type RuleSnapshot,
} from '@repo/rules';

/** The source name errors carry (`pasted.yaml: ... (line L, column C)`). */
export const PASTED_SOURCE_NAME = 'pasted.yaml';

export interface RuleCheckError {
  /** The whole text, as the config checker prints it. */
  readonly message: string;
  readonly detail: string;
  readonly line: number | null;
  readonly column: number | null;
}

export interface LimitChange {
  readonly change: 'added' | 'removed' | 'changed';
  /** The limit's stats key. */
  readonly key: string;
  readonly before: string | null;
  readonly after: string | null;
}

export interface RuleCheckResult {
  readonly ok: boolean;
  /** The first 100 errors. */
  readonly errors: readonly RuleCheckError[];
  /** How many errors there are in all. */
  readonly errorCount: number;
  readonly changes: readonly LimitChange[];
}

export type RunCheck = (text: string, sourceName: string, options: CompileOptions) => Promise<CheckedRules>;

export async function checkRules(
  yaml: string,
  active: RuleSnapshot | undefined,
  options: CompileOptions,
  runCheck: RunCheck = checkRulesInWorker,
): Promise<RuleCheckResult> {
  const checked = await runCheck(yaml, PASTED_SOURCE_NAME, options);
  const errors = checked.errors.map((error) => ({
    message: error.message,
    detail: error.detail,
    line: error.position?.line ?? null,
    column: error.position?.column ?? null,
  }));
  const { errorCount, limits: candidate } = checked;
  if (errorCount > 0 || candidate === undefined) return { ok: false, errors, errorCount, changes: [] };
  const inForce = active?.describe(new Set(candidate.domains)) ?? [];
  return {
    ok: true,
    errors: [],
    errorCount,
    changes: diffLimits(limitTexts(inForce), candidate.texts),
  };
}

function diffLimits(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): LimitChange[] {
  const changes: LimitChange[] = [];
  for (const [key, text] of after) {
    const old = before.get(key);
    if (old === undefined) changes.push({ change: 'added', key, before: null, after: text });
    else if (old !== text) changes.push({ change: 'changed', key, before: old, after: text });
  }
  for (const [key, text] of before)
    if (!after.has(key)) changes.push({ change: 'removed', key, before: text, after: null });
  return changes;
}
