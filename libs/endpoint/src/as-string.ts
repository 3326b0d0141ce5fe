/**
 * The text of a string or of a String object (the reference calls string methods on the
 * value, so it accepts both), or undefined for anything else.
 */
export function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return value instanceof String ? String(value) : undefined;
}
