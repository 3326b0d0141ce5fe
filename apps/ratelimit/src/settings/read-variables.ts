// Reads every inventory variable from the environment: canonical name or an Envoy alias (both set
// to different values is an error), empty text counts as unset, default applied, schema run.
import { formatIssue } from './settings-error';
import { aliasesOf, VARIABLES, type VariableName, type VariableValues } from './settings-inventory';

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
  const { schema, defaultValue } = VARIABLES[name];
  const fallback = defaultValue === undefined ? undefined : schema.parse(defaultValue);
  if (source.raw === undefined) return fallback;
  const result = schema.safeParse(source.raw);
  if (result.success) return result.data;
  issues.push(formatIssue([[source.name, source.raw]], result.error.issues[0]?.message ?? 'invalid value'));
  return fallback;
}
