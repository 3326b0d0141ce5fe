/** Merged-option keys that are never URL, query or body parameters. */
export const NON_PARAMETER_KEYS: ReadonlySet<string> = new Set([
  'method',
  'baseUrl',
  'url',
  'headers',
  'request',
  'mediaType',
]);
