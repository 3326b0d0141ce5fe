import type { MergedOptions } from '@repo/endpoint';
import { findTemplatePlaceholders } from './find-template-placeholders';
import type { PlaygroundInput } from './parse-playground-input';
import { playgroundEndpoint } from './playground-endpoint';

export type WarningCode = 'invalid-json' | 'unfilled-placeholder' | 'unknown-method' | 'body-on-get';

/**
 * Suspicious input the library accepts without complaint: it returns a result, so the
 * playground is where the user learns that the input is probably a mistake.
 */
export interface Warning {
  readonly code: WarningCode;
  readonly message: string;
}

const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
// Options of the library, not parameters: a placeholder with one of these names always
// expands to nothing, even when the option is set (they are never taken as parameters).
const OPTION_NAMES = new Set(['method', 'baseUrl', 'url', 'headers', 'request', 'mediaType']);

/**
 * Warnings for valid but suspicious input, read from the merged options (so values from
 * Defaults count): an unknown method, a placeholder with no value, `data` on GET or HEAD.
 * Input the library rejects gets no warnings here; its error is the result.
 */
export function findWarnings(input: PlaygroundInput): Warning[] {
  const merged = tryMerge(input);
  if (!merged || typeof merged.method !== 'string') return [];
  const method = merged.method.toUpperCase();
  const warnings: Warning[] = [];
  if (!KNOWN_METHODS.includes(method)) {
    warnings.push({
      code: 'unknown-method',
      message: `Unknown method "${merged.method}": expected one of ${KNOWN_METHODS.join(', ')}.`,
    });
  }
  warnings.push(...unfilledPlaceholders(merged));
  if ((method === 'GET' || method === 'HEAD') && merged.data !== undefined) {
    warnings.push({
      code: 'body-on-get',
      message: `${method} requests have no body: "data" is sent in the query string instead. Use POST, PUT or PATCH to send a body.`,
    });
  }
  return warnings;
}

function tryMerge(input: PlaygroundInput): MergedOptions | undefined {
  try {
    const withDefaults = playgroundEndpoint.defaults(input.defaults ?? {});
    const parameters = input.parameters ?? {};
    return input.route === undefined
      ? withDefaults.merge(parameters)
      : withDefaults.merge(input.route, parameters);
  } catch {
    return undefined;
  }
}

/**
 * Placeholders whose value is missing or null expand to nothing (the library does not throw),
 * which is almost always a forgotten parameter. Query expressions (`{?a,b}`, `{&c}`) are left out:
 * leaving optional query parameters out is what they are for.
 */
function unfilledPlaceholders(merged: MergedOptions): Warning[] {
  if (typeof merged.url !== 'string') return [];
  const seen = new Set<string>();
  const warnings: Warning[] = [];
  for (const { name, operator } of findTemplatePlaceholders(merged.url)) {
    if (operator === '?' || operator === '&' || seen.has(name)) continue;
    seen.add(name);
    const value = OPTION_NAMES.has(name) ? undefined : merged[name];
    if (value !== undefined && value !== null) continue;
    const why = OPTION_NAMES.has(name)
      ? `"${name}" is an option of endpoint(), not a parameter`
      : value === null
        ? `"${name}" is null`
        : `"${name}" is not in Parameters or Defaults`;
    warnings.push({
      code: 'unfilled-placeholder',
      message: `Placeholder {${name}} is not filled: ${why}, so it expands to nothing.`,
    });
  }
  return warnings;
}
