// Reads every inventory variable from the environment: canonical name or an Envoy alias (both set
// to different values is an error), empty text counts as unset, default applied, value parsed.
// Then the variables whose names are made from other values: the tagged-stats mogrifiers.
import { parseMap, type ParseResult } from './go-values';
import { formatIssue } from './settings-error';
import {
  aliasesOf,
  VARIABLES,
  type Variable,
  type VariableName,
  type VariableValues,
} from './settings-inventory';
import type { Mogrifier } from './settings-types';

export type Env = Readonly<Record<string, string | undefined>>;

/** Where a value came from: the name the user actually set (or the canonical name when unset). */
export interface VariableSource {
  readonly name: string;
  /** Text as set; undefined when the variable (and every alias) is unset. */
  readonly raw: string | undefined;
}

export type VariableSources = { readonly [K in VariableName]: VariableSource };

export interface ReadVariablesResult {
  readonly values: VariableValues;
  readonly sources: VariableSources;
  readonly issues: readonly string[];
}

/**
 * Text of the first set name among `names`; names set to a different text are reported.
 * Empty text counts as unset (Helm/compose often render unset values as "").
 */
export function readAliased(env: Env, names: readonly string[], issues: string[]): VariableSource {
  const set = names.filter((name) => (env[name] ?? '') !== '');
  const [first] = set;
  if (first === undefined) return { name: names[0] ?? '', raw: undefined };
  for (const other of set.slice(1)) {
    if (env[other] !== env[first]) {
      issues.push(
        formatIssue(
          [
            [first, env[first] ?? ''],
            [other, env[other] ?? ''],
          ],
          `both are set to different values; set only one (${other} is another name of ${names[0]})`,
        ),
      );
    }
  }
  return { name: first, raw: env[first] };
}

export function readVariables(env: Env): ReadVariablesResult {
  const issues: string[] = [];
  const values: Record<string, unknown> = {};
  const sources: Record<string, VariableSource> = {};
  for (const name of Object.keys(VARIABLES) as VariableName[]) {
    const source = readAliased(env, [name, ...aliasesOf(name)], issues);
    sources[name] = source;
    values[name] = parseValue(name, source, issues);
  }
  return { values: values as VariableValues, sources: sources as VariableSources, issues };
}

/** The parsed value; on a bad value the issue is recorded and the default stands in. */
function parseValue(name: VariableName, source: VariableSource, issues: string[]): unknown {
  const { parse, defaultValue } = VARIABLES[name] as Variable<unknown>;
  const fallback = defaultValue === undefined ? undefined : parseDefault(name, parse(defaultValue));
  if (source.raw === undefined) return fallback;
  const result = parse(source.raw);
  if (result.ok) return result.value;
  issues.push(formatIssue([[source.name, source.raw]], result.reason));
  return fallback;
}

/** A default the inventory's own parser refuses is a mistake in the inventory, not in the settings. */
function parseDefault<T>(name: VariableName, result: ParseResult<T>): T {
  if (!result.ok) throw new Error(`the default of ${name} is invalid: ${result.reason}`);
  return result.value;
}

// Per-mogrifier variables of the tagged-stats (DogStatsD) sink. For each name N listed in
// TAGGEDSTATS_MOGRIFIERS: TAGGEDSTATS_MOGRIFIER_N_{PATTERN,NAME,TAGS}, also spelled
// TAGGEDSTATS_MOGRIFIERS_N_..., DOG_STATSD_MOGRIFIER_N_... (Envoy's code) and
// DOG_STATSD_MOGRIFIERS_N_... (Envoy's README). Read and checked here with every other variable,
// so a bad one stops the start like any bad setting.
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
