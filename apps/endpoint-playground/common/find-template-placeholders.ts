/** One `{…}` variable of a url template. */
export interface TemplatePlaceholder {
  readonly name: string;
  /** The RFC 6570 operator (`+`, `#`, `.`, `/`, `;`, `?`, `&`) or '' for none. */
  readonly operator: string;
}

// Same rules as the library: `:name` (lowercase letter + word characters)
// is a placeholder too; a group is `{` + one or more non-brace characters + `}`.
const COLON_PLACEHOLDER = /:([a-z]\w+)/g;
const GROUP = /\{([^{}]+)\}/g;
const OPERATORS = '+#./;?&';

/** The variables a url template expands, in order, with `:N` and `*` modifiers removed. */
export function findTemplatePlaceholders(url: string): TemplatePlaceholder[] {
  const template = url.replace(COLON_PLACEHOLDER, '{$1}');
  const found: TemplatePlaceholder[] = [];
  for (const [, body] of template.matchAll(GROUP)) {
    const operator = OPERATORS.includes(body[0]) ? body[0] : '';
    for (const variable of body.slice(operator.length).split(',')) {
      const name = variable.split(/[:*]/)[0];
      if (name !== '') found.push({ name, operator });
    }
  }
  return found;
}
