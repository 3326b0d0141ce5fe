// The two RFC 6570 encodings, with the reference's exact quirks.

const EXTRA_UNRESERVED = /[!'()*]/g;
const PERCENT_TRIPLE = /%[0-9A-Fa-f]{2}/g;
const PERCENT_HEX = /%[0-9A-Fa-f]/;

function percentEncodeChar(char: string): string {
  return '%' + char.charCodeAt(0).toString(16).toUpperCase();
}

/** `encodeURIComponent`, plus `! ' ( ) *` as `%21 %27 %28 %29 %2A` (RFC 6570's "unreserved"). */
export function encodeUnreserved(value: unknown): string {
  const encoded = encodeURIComponent(value as string);
  EXTRA_UNRESERVED.lastIndex = 0;
  return EXTRA_UNRESERVED.test(encoded) ? encoded.replace(EXTRA_UNRESERVED, percentEncodeChar) : encoded;
}

function encodeUriKeepingBrackets(text: string): string {
  const encoded = encodeURI(text);
  return encoded.includes('%5') ? encoded.replace(/%5B/g, '[').replace(/%5D/g, ']') : encoded;
}

/**
 * `encodeURI` with `[ ]` kept and existing `%XX` triples kept (RFC 6570's "reserved").
 * Quirk kept on purpose: a stretch between two triples that still holds `%` + one hex digit
 * (such as `%a` at the end) is copied through without any encoding, as the reference does.
 */
export function encodeReserved(text: string): string {
  if (!text.includes('%')) return encodeUriKeepingBrackets(text);
  let result = '';
  let start = 0;
  PERCENT_TRIPLE.lastIndex = 0;
  for (let match = PERCENT_TRIPLE.exec(text); match; match = PERCENT_TRIPLE.exec(text)) {
    result += encodeStretch(text.slice(start, match.index)) + match[0];
    start = match.index + 3;
  }
  return result + encodeStretch(text.slice(start));
}

function encodeStretch(stretch: string): string {
  return PERCENT_HEX.test(stretch) ? stretch : encodeUriKeepingBrackets(stretch);
}
