// Reads the schema's variables from the environment, then builds the Settings tree from them.
// A variable answers to its canonical name or an Envoy alias (both set to different values is an
// error); empty text counts as unset (Helm and compose render unset values as ""); the default
// applies when unset; a bad value is reported and its default stands in, so every problem of the
// environment is found in one pass.
import type { ParseResult } from './go-values';
import type { Derived, Env, Setting, VariableSource, When } from './setting';
import { formatIssue } from './settings-error';

export interface ReadVariables {
  readonly values: Readonly<Record<string, unknown>>;
  readonly sources: Readonly<Record<string, VariableSource>>;
}

const PREFIX_ALIASES = [
  ['KV_', 'REDIS_'],
  ['ALTCACHE_', 'MEMCACHE_'],
] as const;

/** Envoy names accepted for a variable, in the order they are reported. */
export function aliasesOf(setting: Setting): readonly string[] {
  const byPrefix = PREFIX_ALIASES.filter(([prefix]) => setting.name.startsWith(prefix)).map(
    ([prefix, alias]) => alias + setting.name.slice(prefix.length),
  );
  return [...byPrefix, ...setting.aliases];
}

const kindOf = (node: unknown) => (node as { kind?: string }).kind;

/** Every variable of a schema, once (a variable used in two places counts once), in schema order. */
export function variablesOf(node: unknown, found = new Map<string, Setting>()): Map<string, Setting> {
  const kind = kindOf(node);
  if (kind === 'setting') found.set((node as Setting).name, node as Setting);
  else if (kind === 'derived') Object.values((node as Derived).inputs).forEach((s) => variablesOf(s, found));
  else if (kind === 'when')
    [(node as When).condition, (node as When).then].forEach((n) => variablesOf(n, found));
  else Object.values(node as object).forEach((child) => variablesOf(child, found));
  return found;
}

/** The text of the first set name among `names`; names set to a different text are reported. */
export function readAliased(env: Env, names: readonly string[], issues: string[]): VariableSource {
  const set = names.filter((name) => (env[name] ?? '') !== '');
  const [first] = set;
  if (first === undefined) return { name: names[0] ?? '', raw: undefined };
  for (const other of set.slice(1)) {
    if (env[other] === env[first]) continue;
    const both: [string, string][] = [first, other].map((name) => [name, env[name] ?? '']);
    const reason = `both are set to different values; set only one (${other} is another name of ${names[0]})`;
    issues.push(formatIssue(both, reason));
  }
  return { name: first, raw: env[first] };
}

export function readVariables(variables: Iterable<Setting>, env: Env, issues: string[]): ReadVariables {
  const values: Record<string, unknown> = {};
  const sources: Record<string, VariableSource> = {};
  for (const setting of variables) {
    const source = readAliased(env, [setting.name, ...aliasesOf(setting)], issues);
    sources[setting.name] = source;
    const fallback = setting.defaultValue === undefined ? undefined : parseDefault(setting);
    const result = source.raw === undefined ? undefined : setting.parse(source.raw);
    if (result && !result.ok) issues.push(formatIssue([[source.name, source.raw ?? '']], result.reason));
    values[setting.name] = result?.ok ? result.value : fallback;
  }
  return { values, sources };
}

/** A default the schema's own parser refuses is a mistake in the schema, not in the environment. */
function parseDefault(setting: Setting): unknown {
  const result: ParseResult<unknown> = setting.parse(setting.defaultValue ?? '');
  if (!result.ok) throw new Error(`the default of ${setting.name} is invalid: ${result.reason}`);
  return result.value;
}

/** The schema's shape filled with the values read; compat variables leave no field. */
export function buildTree(node: unknown, read: ReadVariables, env: Env, issues: string[]): unknown {
  const kind = kindOf(node);
  if (kind === 'setting') return read.values[(node as Setting).name];
  if (kind === 'when') {
    const { condition, then } = node as When;
    return read.values[condition.name] === true ? buildTree(then, read, env, issues) : undefined;
  }
  if (kind === 'derived') {
    const { inputs, derive } = node as Derived;
    const pick = <T>(from: Readonly<Record<string, T>>) =>
      Object.fromEntries(Object.entries(inputs).map(([key, setting]) => [key, from[setting.name]]));
    return derive(pick(read.values) as never, { sources: pick(read.sources) as never, env, issues });
  }
  const group: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(node as object)) {
    if ((child as Setting).ignoredBecause === undefined) group[key] = buildTree(child, read, env, issues);
  }
  return group;
}
