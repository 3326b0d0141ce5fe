// Per-mogrifier variables of the tagged-stats (DogStatsD) sink: for each name N listed in
// TAGGEDSTATS_MOGRIFIERS, TAGGEDSTATS_MOGRIFIER_N_{PATTERN,NAME,TAGS}, also spelled
// TAGGEDSTATS_MOGRIFIERS_N_..., DOG_STATSD_MOGRIFIER_N_... (Envoy's code) and DOG_STATSD_MOGRIFIERS_N_...
// (Envoy's README). Checked with every other variable, so a bad one stops the start like any other.
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
];

export function readMogrifiers(
  env: Env,
  names: readonly string[],
  list: VariableSource,
  issues: string[],
): Mogrifier[] {
  return names.flatMap((name) => readMogrifier(env, name, list, issues) ?? []);
}

function readMogrifier(env: Env, name: string, listed: VariableSource, issues: string[]) {
  const read = (field: string) =>
    readAliased(
      env,
      PREFIXES.map((prefix) => `${prefix}${name}_${field}`),
      issues,
    );
  const [pattern, metricName, tags] = [read('PATTERN'), read('NAME'), read('TAGS')];
  const before = issues.length;
  const issue = (source: VariableSource, reason: string) =>
    issues.push(formatIssue([[source.name, source.raw ?? '']], reason));
  if (pattern.raw === undefined)
    issue(listed, `mogrifier '${name}' needs ${pattern.name} (regular expression)`);
  else if (!compiles(pattern.raw)) issue(pattern, 'invalid regular expression');
  if (metricName.raw === undefined)
    issue(listed, `mogrifier '${name}' needs ${metricName.name} (metric name)`);
  const parsedTags = parseMap(tags.raw ?? '', ':');
  if (!parsedTags.ok) issue(tags, parsedTags.reason);
  const emptyTag = parsedTags.ok
    ? Object.entries(parsedTags.value).find(([, value]) => value === '')
    : undefined;
  if (emptyTag) issue(tags, `tag '${emptyTag[0]}' has no value`);
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
