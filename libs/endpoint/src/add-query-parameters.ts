import { asString } from './as-string';
import { NON_PARAMETER_KEYS } from './non-parameter-keys';

type Options = Readonly<Record<string, unknown>>;

/**
 * GET/HEAD: remaining parameters appended as `name=value` in key order. Names
 * are not encoded; values go through encodeURIComponent; `q` keeps its `+` signs. The
 * separator is `&` when the url already holds a `?` anywhere.
 */
export function addQueryParameters(url: string, options: Options, usedNames: ReadonlySet<string>) {
  let query = '';
  for (const name of Object.keys(options)) {
    if (NON_PARAMETER_KEYS.has(name) || usedNames.has(name)) continue;
    const pair =
      name === 'q' ? 'q=' + encodeSearchQuery(options.q) : name + '=' + encodeValue(name, options[name]);
    query = query === '' ? pair : query + '&' + pair;
  }
  if (query === '') return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}

function encodeSearchQuery(value: unknown): string {
  const q = asString(value);
  if (q === undefined) {
    throw new TypeError(
      `Query parameter "q" must be a string for GET and HEAD requests, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  return q
    .split('+')
    .map((piece) => encodeValue('q', piece))
    .join('+');
}

/** encodeURIComponent, with errors (lone surrogate, unprintable object) naming the parameter. */
function encodeValue(name: string, value: unknown): string {
  try {
    return encodeURIComponent(value as string);
  } catch (error) {
    const message = `Query parameter "${name}" cannot be encoded: ${(error as Error).message}`;
    if (error instanceof URIError) throw new URIError(message, { cause: error });
    throw new TypeError(message, { cause: error });
  }
}
