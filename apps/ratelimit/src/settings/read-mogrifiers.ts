// Per-mogrifier variables of the tagged-stats (DogStatsD) sink. Names are dynamic, so they are read
// here rather than in the inventory: for each name N listed in TAGGEDSTATS_MOGRIFIERS,
// TAGGEDSTATS_MOGRIFIER_N_{PATTERN,NAME,TAGS}, also spelled TAGGEDSTATS_MOGRIFIERS_N_...,
// DOG_STATSD_MOGRIFIER_N_... (Envoy's code) and DOG_STATSD_MOGRIFIERS_N_... (Envoy's README).
import { parseMap } from './go-values';
import { formatIssue } from './settings-error';
import { readAliased, type Env, type VariableSource } from './read-variables';
import type { Mogrifier } from './settings-types';

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
  const mogrifiers: Mogrifier[] = [];
  for (const name of names) {
    const mogrifier = readMogrifier(env, name, list, issues);
    if (mogrifier) mogrifiers.push(mogrifier);
  }
  return mogrifiers;
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
