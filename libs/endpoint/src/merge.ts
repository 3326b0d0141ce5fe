import { mergeDeep } from './merge-deep';
import { mergeGraphqlPreviews } from './merge-graphql-previews';
import type { MergedOptions } from './types';

/**
 * Defaults + route + options -> merged options, not parsed. Writes to none of its inputs.
 * A string route is split on single spaces: `METHOD url` gives both (only the first two pieces
 * count), otherwise the first piece is the url, and `options` overrides them; any other route is
 * copied and `options` ignored. Header names are lowercased (the later key wins on a collision,
 * an undefined value removes the header), undefined values are dropped at the top level, then
 * the deep merge and the `/graphql` previews. The method's case and the url template are kept.
 */
export function merge(defaults: MergedOptions | null, route?: unknown, options?: unknown) {
  let own: Record<string, unknown>;
  if (typeof route == 'string') {
    const [method, url] = route.split(' ');
    own = Object.assign(url ? { method, url } : { url: method }, options);
  } else own = Object.assign({}, route);
  const headers: Record<string, unknown> = {};
  // Object.keys of a truthy primitive lists its characters, as in the reference.
  if (own.headers)
    for (const [key, value] of Object.entries(own.headers)) {
      if (value === undefined) delete headers[key.toLowerCase()];
      else headers[key.toLowerCase()] = value;
    }
  own.headers = headers;
  const merged = mergeDeep(defaults || {}, own, true);
  if (own.url === '/graphql') mergeGraphqlPreviews(defaults, merged);
  return merged as MergedOptions;
}
