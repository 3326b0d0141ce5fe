/**
 * A header value as it goes on the wire: the library keeps values as given (numbers, arrays,
 * null), while HTTP clients send text. Arrays are joined with ", " as Fetch's Headers does.
 */
export function headerValueText(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}
