// Reads the schema's variables from the environment, then builds the Settings tree from them. A
// variable answers to its canonical name or an Envoy alias (both set to different values is an
// error); empty text counts as unset (Helm and compose render unset values as ""); a bad value is
// reported and its default stands in, so every problem of the environment is found in one pass.
import type { Derived, Env, Setting, VariableSource, When } from './setting';
import { formatIssue } from './settings-error';

export type ReadVariables = { values: Record<string, unknown>; sources: Record<string, VariableSource> };

/** Envoy names accepted for a variable (every KV_* as REDIS_*, ALTCACHE_* as MEMCACHE_*), in report order. */
export function aliasesOf({ name, aliases }: Setting): readonly string[] {
  const byPrefix = name.replace(/^KV_/, 'REDIS_').replace(/^ALTCACHE_/, 'MEMCACHE_');
  return byPrefix === name ? aliases : [byPrefix, ...aliases];
}

const kindOf = (node: unknown) => (node as { kind?: string }).kind;
const childrenOf = (node: unknown): unknown[] =>
  kindOf(node) === 'derived'
    ? Object.values((node as Derived).inputs)
    : kindOf(node) === 'when'
      ? [(node as When).condition, (node as When).then]
      : Object.values(node as object);

/** Every variable of a schema once (one used in two places counts once), in schema order. */
export function variablesOf(node: unknown, found = new Map<string, Setting>()): Map<string, Setting> {
  if (kindOf(node) === 'setting') found.set((node as Setting).name, node as Setting);
  else for (const child of childrenOf(node)) variablesOf(child, found);
  return found;
}

/** The text of the first set name among `names`; names set to a different text are reported. */
export function readAliased(env: Env, names: readonly string[], issues: string[]): VariableSource {
  const [first, ...others] = names.filter((name) => (env[name] ?? '') !== '');
  if (first === undefined) return { name: names[0] ?? '', raw: undefined };
  for (const other of others.filter((name) => env[name] !== env[first])) {
    const reason = `both are set to different values; set only one (${other} is another name of ${names[0]})`;
    issues.push(
      formatIssue(
        [first, other].map((name) => [name, env[name] ?? ''] as const),
        reason,
      ),
    );
  }
  return { name: first, raw: env[first] };
}

export function readVariables(variables: Iterable<Setting>, env: Env, issues: string[]): ReadVariables {
  const read: ReadVariables = { values: {}, sources: {} };
  for (const setting of variables) {
    const { name, parse, defaultValue } = setting;
    const source = readAliased(env, [name, ...aliasesOf(setting)], issues);
    const result = source.raw === undefined ? undefined : parse(source.raw);
    if (result?.ok === false) issues.push(formatIssue([[source.name, source.raw ?? '']], result.reason));
    // A default the schema's own parser refuses is a mistake in the schema, not in the environment.
    const fallback =
      defaultValue === undefined ? ({ ok: true, value: undefined } as const) : parse(defaultValue);
    if (!fallback.ok) throw new Error(`the default of ${name} is invalid: ${fallback.reason}`);
    read.sources[name] = source;
    read.values[name] = result?.ok ? result.value : fallback.value;
  }
  return read;
}

/** The schema's shape filled with the values read; compat variables leave no field. */
export function buildTree(node: unknown, read: ReadVariables, env: Env, issues: string[]): unknown {
  if (kindOf(node) === 'setting') return read.values[(node as Setting).name];
  if (kindOf(node) === 'when') {
    const { condition, then } = node as When;
    return read.values[condition.name] === true ? buildTree(then, read, env, issues) : undefined;
  }
  if (kindOf(node) === 'derived') {
    const { inputs, derive } = node as Derived;
    const pick = <T>(all: Record<string, T>) =>
      Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, all[input.name]]));
    return derive(pick(read.values) as never, { sources: pick(read.sources) as never, env, issues });
  }
  const entries = Object.entries(node as object).filter(([, child]) => !(child as Setting).ignoredBecause);
  return Object.fromEntries(entries.map(([key, child]) => [key, buildTree(child, read, env, issues)]));
}
