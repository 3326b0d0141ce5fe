import { check } from './check';

type Options = Readonly<Record<string, unknown>>;

/**
 * GET/HEAD: the remaining parameters `names` appended as `name=value` in key order. Names
 * are not encoded; values go through encodeURIComponent (a lone surrogate throws its URIError);
 * `q` keeps its `+` signs and must be a string (`q must be a string`). The separator is `&` when
 * the url already holds a `?` anywhere.
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
                ? check(options.q as string, 'q')
                    .split('+')
                    .map(encodeURIComponent)
                    .join('+')
                : encodeURIComponent(options[name] as string)),
          )
          .join('&')
    : url;
}
