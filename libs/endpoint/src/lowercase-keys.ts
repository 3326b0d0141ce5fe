/**
 * A new headers object with lowercase keys (the later key wins on a collision) and without
 * undefined values. A falsy value gives `{}`; the input is not touched.
 */
export function lowercaseKeys(headers: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!headers) return result;
  let hasUndefined = false;
  for (const key of Object.keys(headers)) {
    const value = (headers as Record<string, unknown>)[key];
    result[key.toLowerCase()] = value;
    if (value === undefined) hasUndefined = true;
  }
  if (hasUndefined) {
    for (const key of Object.keys(result)) if (result[key] === undefined) delete result[key];
  }
  return result;
}
