import type { CompiledTemplate, ExpandPart as TemplatePart } from './compiled-template';
import { encodeReserved } from './encode';
import { compileExpression } from './compile-expression';
import { NON_PARAMETER_KEYS } from '../non-parameter-keys';

/**
 * Parses a url into literal text and `{expression}` groups: `:name` placeholders (a colon, a
 * lowercase ASCII letter and at least one more word character) first become `{name}`; a group
 * is `{` + at least one character that is not a brace + `}`; any other brace is copied through
 * unchanged. Both patterns are linear (no nested repeats). Each part becomes a function of the
 * parameters; a literal run is encoded on first use and then kept, so one that encodeURI
 * rejects (lone surrogate) throws at each expansion, after whatever an expression before it
 * throws, as in the reference.
 * The names an expression "uses" (never sent as query or body): the reference trims non-word
 * characters from both ends of the whole group and splits the rest on commas, so modifiers
 * survive on every variable but the last (`{a:3,b}` uses `a:3` and `b`). From the first word
 * character to the last: `\w\W*$` tries each word character once and scans only the non-word
 * run after it (linear; a naive /\W+$/ would be quadratic, ReDoS).
 */
export function compileTemplate(url: string): CompiledTemplate {
  const parts: TemplatePart[] = [];
  const omitted = new Set(NON_PARAMETER_KEYS);
  for (const [brace, body, literal] of url
    .replace(/:([a-z]\w+)/g, '{$1}')
    .matchAll(/\{([^{}]+)\}|([^{}]+)|./g)) {
    // `.` is left only for a brace that starts no expression: copied through.
    if (body)
      for (const name of body.slice(body.search(/\w/), body.search(/\w\W*$/) + 1).split(','))
        omitted.add(name);
    let text: string | undefined;
    parts.push(body ? compileExpression(body) : () => (text ??= literal ? encodeReserved(literal) : brace));
  }
  return { parts, omitted };
}
