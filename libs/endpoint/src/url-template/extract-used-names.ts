/**
 * Which parameter names an expression "uses": the reference trims non-word characters from
 * both ends of the whole `{...}` group and splits the rest on commas, so modifiers survive on
 * every variable but the last (`{a:3,b}` uses `a:3` and `b`). From the first word character to
 * the last: `\w\W*$` tries each word character once and scans only the non-word run after it
 * (linear; a naive /\W+$/ would be quadratic, ReDoS).
 */
export function extractUsedNames(body: string): string[] {
  return body.slice(body.search(/\w/), body.search(/\w\W*$/) + 1).split(',');
}
