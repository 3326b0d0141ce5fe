// "Check a rules change": pasted YAML goes through the same parser and compiler as a rules file
// (every error, with line and column, as the config checker reports them), and the limits it
// would add, remove or change against the rules in force. Nothing is applied. The paste stands
// for the file(s) of the domains it names: limits of other domains are not compared. The paste
// is parsed, compiled and compared in a worker process, as rule files are parsed
// (docs/console.md#json-api), so a large or hostile paste does not hold up the calls: this thread
// only describes the paste's domains in force for it, a piece at a time as the worker asks, and
// sends the first changes on.
import {
  checkRulesInWorker,
  limitLines,
  type CompileOptions,
  type InForceTexts,
  type LimitChange,
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

export interface RuleCheckResult {
  readonly ok: boolean;
  /** The first 100 errors. */
  readonly errors: readonly RuleCheckError[];
  /** How many errors there are in all. */
  readonly errorCount: number;
  /** The first 1,000 changes (MAX_CHECK_CHANGES). */
  readonly changes: readonly LimitChange[];
  /** How many changes there are in all. */
  readonly changeCount: number;
}

export type RunCheck = typeof checkRulesInWorker;

export async function checkRules(
  yaml: string,
  active: RuleSnapshot | undefined,
  options: CompileOptions,
  runCheck: RunCheck = checkRulesInWorker,
): Promise<RuleCheckResult> {
  const inForce: InForceTexts = (domains) => limitLines(active?.limits(new Set(domains)) ?? []);
  const { errors, errorCount, changes, changeCount } = await runCheck(
    yaml,
    PASTED_SOURCE_NAME,
    options,
    inForce,
  );
  return {
    ok: errorCount === 0,
    errors: errors.map((error) => ({
      message: error.message,
      detail: error.detail,
      line: error.position?.line ?? null,
      column: error.position?.column ?? null,
    })),
    errorCount,
    changes,
    changeCount,
  };
}
