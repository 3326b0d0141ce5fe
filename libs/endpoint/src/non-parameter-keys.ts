/** Merged-option keys that are never URL, query or body parameters. */
export const NON_PARAMETER_KEYS = ['method', 'baseUrl', 'url', 'headers', 'request', 'mediaType'];
