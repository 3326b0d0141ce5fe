// Which parameter names an expression "uses": the reference trims non-word
// characters from both ends of the whole `{...}` group and splits the rest on commas, so
// modifiers survive on every variable but the last (`{a:3,b}` uses `a:3` and `b`).
// A hand-written trim: a naive /\W+$/ would be quadratic on long non-word runs (ReDoS).

export function extractUsedNames(expressionBody: string): string[] {
  let start = 0;
  let end = expressionBody.length;
  while (start < end && !isWordChar(expressionBody.charCodeAt(start))) start++;
  while (end > start && !isWordChar(expressionBody.charCodeAt(end - 1))) end--;
  return expressionBody.slice(start, end).split(',');
}

/** `\w` without the unicode flag: [A-Za-z0-9_]. */
export function isWordChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
  );
}
