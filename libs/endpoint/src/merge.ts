import { lowercaseKeys } from './lowercase-keys';
import { mergeDeep } from './merge-deep';
import { mergeGraphqlPreviews } from './merge-graphql-previews';
import { routeToOptions } from './route-to-options';
import type { MergedOptions } from './types';

/**
 * Defaults + route + options -> merged options, not parsed: header keys lowercased,
 * top-level and header-level undefined removed, deep merge, `/graphql` previews. The method's
 * case and the url template are kept as given. Writes to none of its inputs.
 */
export function merge(defaults: MergedOptions | null, route?: unknown, options?: unknown) {
  const own = routeToOptions(route, options);
  own.headers = lowercaseKeys(own.headers);
  const merged = mergeDeep(defaults || {}, own, true);
  if (own.url === '/graphql') mergeGraphqlPreviews(defaults, merged);
  return merged as MergedOptions;
}
