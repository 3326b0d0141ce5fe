// The two RFC 6570 encodings, with the reference's exact quirks.

/**
 * `encodeURIComponent`, plus `! ' ( ) *` as `%21 %27 %28 %29 %2A` (RFC 6570's "unreserved"):
 * `escape` writes the first four so (uppercase hex), but leaves `*`, the one above `)`.
 */
export function encodeUnreserved(value: unknown): string {
  return encodeURIComponent(value as string).replace(/[!'()*]/g, (char) =>
    char > ')' ? '%2A' : escape(char),
  );
}

/**
 * `encodeURI` with `[ ]` kept and existing `%XX` triples kept (RFC 6570's "reserved").
 * Quirk kept on purpose: a stretch between two triples that still holds `%` + one hex digit
 * (such as `%a` at the end) is copied through without any encoding, as the reference does.
 * `%5B`/`%5D` can only come from `[`/`]` here, and decodeURI turns them back. Callers pass
 * strings (compileExpression checks the items it passes).
 */
export function encodeReserved(text: string): string {
  // The capturing group keeps the triples as pieces of their own (odd indexes).
  return text
    .split(/(%[\dA-Fa-f]{2})/)
    .map((piece) => (/%[\dA-Fa-f]/.test(piece) ? piece : encodeURI(piece).replace(/%5[BD]/g, decodeURI)))
    .join('');
}
