import { requireString } from './fail';

type Options = Readonly<Record<string, unknown>>;

/**
 * GET/HEAD: the remaining parameters `names` appended as `name=value` in key order. Names
 * are not encoded; values go through encodeURIComponent; `q` keeps its `+` signs. The
 * separator is `&` when the url already holds a `?` anywhere.
 */
export function addQueryParameters(url: string, options: Options, names: readonly string[]): string {
  return names.length
    ? url +
        (url.includes('?') ? '&' : '?') +
        names
          .map(
            (name) =>
              name +
              '=' +
              (name == 'q'
                ? requireString(options.q, 'Query parameter "q"')
                    .split('+')
                    .map((piece) => encodeValue(name, piece))
                    .join('+')
                : encodeValue(name, options[name])),
          )
          .join('&')
    : url;
}

/**
 * encodeURIComponent; its own error (URIError for a lone surrogate, TypeError for a value
 * without a string form) gets the parameter's name in front of the message.
 */
function encodeValue(name: string, value: unknown): string {
  try {
    return encodeURIComponent(value as string);
  } catch (error) {
    (error as Error).message = `Query parameter "${name}" cannot be encoded: ${(error as Error).message}`;
    throw error;
  }
}
