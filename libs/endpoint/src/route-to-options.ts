/**
 * The caller's options as one new object. A string route is split on single
 * spaces: `METHOD url` adds both (only the first two pieces count), otherwise the first piece
 * is the url; `options` overrides them. Any other route is copied and `options` is ignored.
 */
export function routeToOptions(route: unknown, options: unknown): Record<string, unknown> {
  if (typeof route !== 'string') return Object.assign({}, route);
  const firstSpace = route.indexOf(' ');
  if (firstSpace === -1) return Object.assign({ url: route }, options);
  const secondSpace = route.indexOf(' ', firstSpace + 1);
  const method = route.slice(0, firstSpace);
  const url = route.slice(firstSpace + 1, secondSpace === -1 ? route.length : secondSpace);
  return Object.assign(url ? { method, url } : { url: method }, options);
}
