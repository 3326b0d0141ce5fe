// Per-mogrifier variables of the tagged-stats (DogStatsD) sink. For each name N listed in
// TAGGEDSTATS_MOGRIFIERS: TAGGEDSTATS_MOGRIFIER_N_{PATTERN,NAME,TAGS}, also spelled
// TAGGEDSTATS_MOGRIFIERS_N_..., DOG_STATSD_MOGRIFIER_N_... (Envoy's code) and
// DOG_STATSD_MOGRIFIERS_N_... (Envoy's README). Read and checked with every other variable, so a
// bad one stops the start like any bad setting.
import { parseMap } from './go-values';
import { readAliased } from './read-variables';
import type { Env, VariableSource } from './setting';
import { formatIssue } from './settings-error';

export interface Mogrifier {
  readonly name: string;
  /** Regular expression source matched against the stat name. */
  readonly pattern: string;
  /** New metric name; may use $1, $2 ... */
  readonly metricName: string;
  readonly tags: Readonly<Record<string, string>>;
}

const PREFIXES = [
  'TAGGEDSTATS_MOGRIFIER_',
  'TAGGEDSTATS_MOGRIFIERS_',
  'DOG_STATSD_MOGRIFIER_',
  'DOG_STATSD_MOGRIFIERS_',
] as const;

export function readMogrifiers(
  env: Env,
  names: readonly string[],
  list: VariableSource,
  issues: string[],
): readonly Mogrifier[] {
  return names.flatMap((name) => readMogrifier(env, name, list, issues) ?? []);
}

function readMogrifier(
  env: Env,
  name: string,
  list: VariableSource,
  issues: string[],
): Mogrifier | undefined {
  const read = (field: string) =>
    readAliased(
      env,
      PREFIXES.map((prefix) => `${prefix}${name}_${field}`),
      issues,
    );
  const pattern = read('PATTERN');
  const metricName = read('NAME');
  const tags = read('TAGS');
  const before = issues.length;
  const listed = [list.name, list.raw ?? ''] as const;
  if (pattern.raw === undefined) {
    issues.push(formatIssue([listed], `mogrifier '${name}' needs ${pattern.name} (regular expression)`));
  } else if (!compiles(pattern.raw)) {
    issues.push(formatIssue([[pattern.name, pattern.raw]], 'invalid regular expression'));
  }
  if (metricName.raw === undefined) {
    issues.push(formatIssue([listed], `mogrifier '${name}' needs ${metricName.name} (metric name)`));
  }
  const parsedTags = parseMap(tags.raw ?? '', ':');
  if (!parsedTags.ok) issues.push(formatIssue([[tags.name, tags.raw ?? '']], parsedTags.reason));
  const emptyTag = parsedTags.ok
    ? Object.entries(parsedTags.value).find(([, value]) => value === '')
    : undefined;
  if (emptyTag) issues.push(formatIssue([[tags.name, tags.raw ?? '']], `tag '${emptyTag[0]}' has no value`));
  if (issues.length > before || !parsedTags.ok) return undefined;
  return { name, pattern: pattern.raw ?? '', metricName: metricName.raw ?? '', tags: parsedTags.value };
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
