// "Check a rules change": pasted YAML goes through the same parser and compiler as a rules file
// (every error, with line and column, as the config checker reports them), and the limits it
// would add, remove or change against the rules in force. Nothing is applied. The paste stands
// for the file(s) of the domains it names: limits of other domains are not compared.
import {
  compileRules,
  inFileOrder,
  parseYamlConfig,
  type CompileOptions,
  type DomainDescription,
  type LimitDescription,
  type RuleNodeDescription,
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
  readonly errors: readonly RuleCheckError[];
  readonly changes: readonly LimitChange[];
}

export function checkRules(
  yaml: string,
  active: RuleSnapshot | undefined,
  options: CompileOptions,
): RuleCheckResult {
  const parsed = parseYamlConfig(PASTED_SOURCE_NAME, yaml);
  // A paste with errors is still compiled as far as it could be read, so every error shows at once.
  const readable = parsed.config ?? parsed.partial;
  const compiled = readable ? compileRules([readable], { ...options, collectAll: true }) : undefined;
  const all = [...parsed.errors, ...(compiled?.errors ?? [])];
  const errors = inFileOrder(all, [PASTED_SOURCE_NAME]).map((error) => ({
    message: error.message,
    detail: error.detail,
    line: error.position?.line ?? null,
    column: error.position?.column ?? null,
  }));
  if (errors.length > 0 || compiled?.snapshot === undefined) return { ok: false, errors, changes: [] };
  const candidate = compiled.snapshot.describe();
  const domains = new Set(candidate.map(({ domain }) => domain));
  const inForce = (active?.describe() ?? []).filter(({ domain }) => domains.has(domain));
  return { ok: true, errors: [], changes: diffLimits(limitTexts(inForce), limitTexts(candidate)) };
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

/** Stats key -> a one-line summary of the limit, for every limit of the domains. */
function limitTexts(domains: readonly DomainDescription[]): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (node: RuleNodeDescription): void => {
    for (const limit of node.limits) texts.set(limit.statsKey, limitText(limit));
    node.children.forEach(visit);
  };
  for (const domain of domains) domain.descriptors.forEach(visit);
  return texts;
}

/** E.g. `10 per 1 MINUTE, fixed_window, shadow_mode`. */
export function limitText(limit: LimitDescription): string {
  if (limit.unlimited) return 'unlimited';
  const parts = [`${limit.requestsPerUnit} per ${limit.unitMultiplier} ${limit.unit}`, limit.algorithm];
  if (limit.algorithm === 'token_bucket') parts.push(`burst ${limit.burst}`);
  if (limit.name !== null) parts.push(`name ${limit.name}`);
  if (limit.replaces.length > 0) parts.push(`replaces ${limit.replaces.join(' ')}`);
  if (limit.shadowMode) parts.push('shadow_mode');
  if (limit.quotaMode) parts.push('quota_mode');
  if (limit.detailedMetric) parts.push('detailed_metric');
  return parts.join(', ');
}
