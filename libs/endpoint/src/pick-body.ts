import { NON_PARAMETER_KEYS } from './non-parameter-keys';

type Options = Readonly<Record<string, unknown>>;

const isEnumerableOwn = Object.prototype.propertyIsEnumerable;

/**
 * Methods other than GET/HEAD: `data` wins and drops every other remaining
 * parameter; otherwise the remaining parameters form a null-prototype object; with none
 * left there is no body (undefined).
 */
export function pickBody(options: Options, usedNames: ReadonlySet<string>): unknown {
  if (!usedNames.has('data') && isEnumerableOwn.call(options, 'data')) return options.data;
  let body: Record<string, unknown> | undefined;
  for (const name of Object.keys(options)) {
    if (NON_PARAMETER_KEYS.has(name) || usedNames.has(name)) continue;
    body ??= Object.create(null) as Record<string, unknown>;
    body[name] = options[name];
  }
  return body;
}
